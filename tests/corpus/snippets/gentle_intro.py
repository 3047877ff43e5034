# Snippets in the spirit of PyTorch's "A Gentle Introduction to torch.autograd",
# written afresh the way a learner retypes and pokes at them.

# %% two_leaves_Q
import torch

a = torch.tensor([2.0, 3.0], requires_grad=True)
b = torch.tensor([6.0, 4.0], requires_grad=True)
Q = 3 * a**3 - b**2
print(Q)
external_grad = torch.tensor([1.0, 1.0])
Q.backward(gradient=external_grad)
print(a.grad)
print(b.grad)

# %% check_collected_grads
import torch

a = torch.tensor([2.0, 3.0], requires_grad=True)
b = torch.tensor([6.0, 4.0], requires_grad=True)
Q = 3 * a**3 - b**2
Q.sum().backward()
print(9 * a**2 == a.grad)
print(-2 * b == b.grad)

# %% Q_backward_without_gradient
import torch

a = torch.tensor([2.0, 3.0], requires_grad=True)
b = torch.tensor([6.0, 4.0], requires_grad=True)
Q = 3 * a**3 - b**2
Q.backward()

# %% Q_grad_fn_chain
import torch

a = torch.tensor([2.0, 3.0], requires_grad=True)
b = torch.tensor([6.0, 4.0], requires_grad=True)
Q = 3 * a**3 - b**2
print(Q.grad_fn)
print(type(Q.grad_fn).__name__)
print(Q.grad_fn.next_functions[0][0].name())

# %% requires_grad_propagation
import torch

x = torch.rand(5, 5)
y = torch.rand(5, 5)
z = torch.rand((5, 5), requires_grad=True)
a = x + y
print(f"Does `a` require gradients?: {a.requires_grad}")
b = x + z
print(f"Does `b` require gradients?: {b.requires_grad}")

# %% is_leaf_checks
import torch

x = torch.ones(3, requires_grad=True)
y = x * 2
z = y.mean()
print(x.is_leaf, y.is_leaf, z.is_leaf)
print(x.grad_fn, y.grad_fn is not None)

# %% freeze_linear_layer
import torch
from torch import nn

model = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 2))
for param in model.parameters():
    param.requires_grad = False
model[2] = nn.Linear(3, 5)
print([p.requires_grad for p in model.parameters()])

# %% freeze_and_optimizer
import torch
from torch import nn, optim

model = nn.Linear(3, 1)
model.weight.requires_grad_(False)
opt = optim.SGD(model.parameters(), lr=1e-2, momentum=0.9)
print(len(opt.param_groups[0]["params"]))
print(sum(p.numel() for p in model.parameters() if p.requires_grad))

# %% leaf_grad_accumulates
import torch

w = torch.tensor([1.0, -1.0], requires_grad=True)
for _ in range(3):
    (w * w).sum().backward()
print(w.grad)

# %% dag_description
import torch

x = torch.tensor(3.0, requires_grad=True)
y = x**2
z = y.exp()
print(z.grad_fn.name(), y.grad_fn.name())
z.backward()
print(x.grad)

# %% vector_jacobian_product
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * x
v = torch.tensor([0.1, 1.0, 0.0001], dtype=torch.float)
y.backward(v)
print(x.grad)

# %% no_grad_excludes
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    y = x * 2
print(y.requires_grad)
print(y)

# %% detach_excludes
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x * 2).detach()
print(y.requires_grad, y.is_leaf)

# %% grad_is_none_before_backward
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
print(x.grad)
print(x.grad is None)

# %% chain_rule_by_hand
import torch

x = torch.tensor(2.0, requires_grad=True)
y = 3 * x + 1
z = y**2
z.backward()
print(x.grad.item())
print(2 * (3 * 2.0 + 1) * 3)

# %% gradient_of_sum_vs_mean
import torch

x = torch.arange(4.0, requires_grad=True)
x.sum().backward()
print(x.grad)
x.grad.zero_()
x.mean().backward()
print(x.grad)

# %% frozen_param_grad_none
import torch
from torch import nn

lin = nn.Linear(2, 1)
lin.bias.requires_grad = False
out = lin(torch.ones(1, 2)).sum()
out.backward()
print(lin.weight.grad is None, lin.bias.grad)

# %% requires_grad_flag_on_tensor_ops
import torch

x = torch.ones(2, 2, requires_grad=True)
print(x)
y = x + 2
print(y)
print(y.grad_fn)
z = y * y * 3
out = z.mean()
print(z, out)

# %% requires_grad_inplace_switch
import torch

a = torch.randn(2, 2)
a = ((a * 3) / (a - 1))
print(a.requires_grad)
a.requires_grad_(True)
print(a.requires_grad)
b = (a * a).sum()
print(b.grad_fn)

# %% out_backward_ones_mean
import torch

x = torch.ones(2, 2, requires_grad=True)
y = x + 2
z = y * y * 3
out = z.mean()
out.backward()
print(x.grad)

# %% stop_tracking_with_no_grad_print
import torch

x = torch.ones(3, requires_grad=True)
print(x.requires_grad)
print((x**2).requires_grad)
with torch.no_grad():
    print((x**2).requires_grad)

# %% detach_equal_values
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.detach()
print(y.requires_grad)
print(x.eq(y).all())

# %% backward_on_scalar_output_of_net
import torch
from torch import nn

torch.manual_seed(0)
net = nn.Linear(3, 1)
with torch.no_grad():
    net.weight.copy_(torch.tensor([[0.5, -0.25, 1.0]]))
    net.bias.fill_(0.1)
x = torch.tensor([[1.0, 2.0, 3.0]])
y = net(x)
print(y)
y.backward()
print(net.weight.grad)
print(net.bias.grad)

# %% gradient_arg_shape_mismatch
import torch

a = torch.tensor([2.0, 3.0], requires_grad=True)
Q = 3 * a**3
Q.backward(gradient=torch.tensor([1.0, 1.0, 1.0]))

# %% external_grad_scaling
import torch

a = torch.tensor([2.0, 3.0], requires_grad=True)
Q = a**2
Q.backward(gradient=torch.tensor([0.5, 2.0]))
print(a.grad)

# %% retain_graph_twice
import torch

a = torch.tensor([2.0, 3.0], requires_grad=True)
Q = (a**3).sum()
Q.backward(retain_graph=True)
Q.backward()
print(a.grad)
