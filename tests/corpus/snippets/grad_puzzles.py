# Classroom puzzles about autograd's rules: gradients accumulate, a graph is freed
# after backward unless retain_graph, no_grad and detach cut the graph, and
# in-place changes to saved tensors are caught.

# %% accumulate_twice
import torch

x = torch.tensor(2.0, requires_grad=True)
for _ in range(3):
    y = x**2
    y.backward()
    print(x.grad)

# %% accumulate_then_zero
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
(x * 3).sum().backward()
(x * 3).sum().backward()
print(x.grad)
x.grad.zero_()
print(x.grad)
(x * 3).sum().backward()
print(x.grad)

# %% grad_none_vs_zero
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
print(x.grad)
(2 * x).sum().backward()
x.grad = None
print(x.grad)
(2 * x).sum().backward()
print(x.grad)

# %% backward_twice_error
import torch

x = torch.tensor(3.0, requires_grad=True)
y = x * x
y.backward()
y.backward()

# %% backward_twice_exp_error
import torch

x = torch.tensor(1.0, requires_grad=True)
y = torch.exp(x)
y.backward()
try:
    y.backward()
except RuntimeError as e:
    print(type(e).__name__)
    print(str(e)[:60])

# %% backward_twice_add_no_saved
import torch

x = torch.tensor(3.0, requires_grad=True)
y = x + 1
y.backward()
y.backward()
print(x.grad)

# %% retain_graph_ok
import torch

x = torch.tensor(3.0, requires_grad=True)
y = x**3
y.backward(retain_graph=True)
print(x.grad)
y.backward()
print(x.grad)

# %% retain_graph_then_third_fails
import torch

x = torch.tensor(2.0, requires_grad=True)
y = x.sin()
y.backward(retain_graph=True)
y.backward()
y.backward()

# %% two_losses_shared_trunk
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
h = (w * w).sum()
loss1 = h * 2
loss2 = h * 3
loss1.backward(retain_graph=True)
loss2.backward()
print(w.grad)

# %% sum_losses_instead
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
h = (w * w).sum()
(h * 2 + h * 3).backward()
print(w.grad)

# %% nonscalar_backward_error
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.backward()

# %% backward_no_grad_tensor_error
import torch

x = torch.tensor([1.0, 2.0])
y = (x * 2).sum()
y.backward()

# %% integer_requires_grad_error
import torch

x = torch.tensor([1, 2, 3], requires_grad=True)

# %% integer_requires_grad_method_error
import torch

x = torch.arange(3)
x.requires_grad_()

# %% no_grad_result
import torch

x = torch.tensor(1.0, requires_grad=True)
with torch.no_grad():
    y = x * 2
print(y, y.requires_grad, y.grad_fn)
z = x * 2
print(z, z.requires_grad)

# %% no_grad_decorator
import torch


@torch.no_grad()
def evaluate(w, x):
    return w * x


w = torch.tensor(3.0, requires_grad=True)
out = evaluate(w, torch.tensor(2.0))
print(out, out.requires_grad)

# %% is_grad_enabled_states
import torch

print(torch.is_grad_enabled())
with torch.no_grad():
    print(torch.is_grad_enabled())
    with torch.enable_grad():
        print(torch.is_grad_enabled())
torch.set_grad_enabled(False)
print(torch.is_grad_enabled())
torch.set_grad_enabled(True)
print(torch.is_grad_enabled())

# %% inference_mode_result
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.inference_mode():
    y = x * 2
print(y, y.requires_grad, y.is_inference())

# %% detach_shares_storage
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
d = x.detach()
d[0] = 100.0
print(x)
print(d.requires_grad, d.is_leaf)

# %% detach_stops_gradient
import torch

x = torch.tensor(2.0, requires_grad=True)
y = x**2
z = y.detach() * x
z.backward()
print(x.grad)

# %% clone_keeps_graph
import torch

x = torch.tensor(2.0, requires_grad=True)
y = x.clone()
print(y.grad_fn)
(y * 3).backward()
print(x.grad)

# %% data_vs_detach
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.sigmoid()
y.data.zero_()
y.sum().backward()
print(x.grad)

# %% detach_inplace_then_backward_error
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.sigmoid()
y.detach().zero_()
y.sum().backward()

# %% inplace_on_leaf_error
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
w += 1

# %% inplace_on_leaf_method_error
import torch

w = torch.ones(3, requires_grad=True)
w.mul_(2)

# %% setitem_on_leaf_error
import torch

w = torch.zeros(3, requires_grad=True)
w[0] = 1.0

# %% inplace_saved_tensor_error
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * 2
c = b * b
b.add_(1)
c.sum().backward()

# %% inplace_exp_output_error
import torch

a = torch.tensor([0.5, 1.0], requires_grad=True)
b = a.exp()
b.mul_(2)
b.sum().backward()

# %% inplace_after_add_fine
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a + 1
b.mul_(3)
b.sum().backward()
print(a.grad, b.grad_fn)

# %% inplace_relu_fine
import torch

a = torch.tensor([-1.0, 2.0], requires_grad=True)
b = a * 2
b.relu_()
b.sum().backward()
print(a.grad)

# %% inplace_version_counter
import torch

a = torch.ones(2)
print(a._version)
a.add_(1)
a[0] = 5
print(a._version)

# %% no_grad_inplace_leaf_ok
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    w -= 0.5
    w.mul_(2)
print(w, w.requires_grad, w.is_leaf)

# %% update_without_no_grad_makes_nonleaf
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
(w**2).sum().backward()
w = w - 0.1 * w.grad
print(w.is_leaf, w.grad_fn)
(w**2).sum().backward()
print(w.grad)

# %% nonleaf_grad_warning
import torch

x = torch.tensor(1.0, requires_grad=True)
y = x * 2
z = y * 3
z.backward()
print(y.grad)

# %% retain_grad_fix
import torch

x = torch.tensor(1.0, requires_grad=True)
y = x * 2
y.retain_grad()
z = y * 3
z.backward()
print(y.grad, x.grad)

# %% requires_grad_false_midway
import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0)
c = a * b
print(c.requires_grad, b.requires_grad)
try:
    c.requires_grad = False
except RuntimeError as e:
    print(e)

# %% autograd_grad_basic
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x**3).sum()
(g,) = torch.autograd.grad(y, x)
print(g, x.grad)

# %% autograd_grad_create_graph
import torch

x = torch.tensor(2.0, requires_grad=True)
y = x**4
(dy,) = torch.autograd.grad(y, x, create_graph=True)
(d2y,) = torch.autograd.grad(dy, x)
print(dy, d2y)

# %% autograd_grad_unused_error
import torch

x = torch.tensor(2.0, requires_grad=True)
z = torch.tensor(1.0, requires_grad=True)
y = x * 3
torch.autograd.grad(y, [x, z])

# %% autograd_grad_allow_unused
import torch

x = torch.tensor(2.0, requires_grad=True)
z = torch.tensor(1.0, requires_grad=True)
y = x * 3
print(torch.autograd.grad(y, [x, z], allow_unused=True))

# %% second_derivative_backward_twice
import torch

x = torch.tensor(3.0, requires_grad=True)
y = x**3
y.backward(create_graph=True)
g = x.grad
print(g)
x.grad = None
g.backward()
print(x.grad)

# %% grad_of_grad_accumulates
import torch

x = torch.tensor(1.0, requires_grad=True)
y = x**2
y.backward(create_graph=True)
x.grad.backward()
print(x.grad)

# %% numpy_of_requires_grad_error
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
x.numpy()

# %% numpy_after_detach
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
print(x.detach().numpy())
print((x * 2).detach().cpu().numpy())

# %% item_on_multi_element_error
import torch

x = torch.tensor([1.0, 2.0])
x.item()

# %% float_of_tensor
import torch

x = torch.tensor([3.5])
print(float(x), int(x), x.item())
print(float(torch.tensor(2.0, requires_grad=True)))

# %% bool_ambiguous_error
import torch

x = torch.tensor([1.0, -1.0])
if x > 0:
    print("positive")

# %% leaf_grad_fn_none
import torch

x = torch.tensor(1.0, requires_grad=True)
y = x * 2
print(x.grad_fn, x.is_leaf, y.is_leaf)
print(torch.tensor(1.0).is_leaf)

# %% hook_double_grad
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
y.register_hook(lambda g: g * 2)
y.sum().backward()
print(x.grad)

# %% hook_print_grad
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x.register_hook(lambda g: print("grad:", g))
(x**2).sum().backward()
h.remove()
(x**2).sum().backward()
print(x.grad)

# %% zero_grad_optimizer_none
import torch

w = torch.tensor([1.0], requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
(w * 2).sum().backward()
opt.zero_grad()
print(w.grad)

# %% optimizer_step_without_backward
import torch

w = torch.tensor([1.0], requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
opt.step()
print(w)

# %% optimizer_nonleaf_error
import torch

w = torch.tensor([1.0], requires_grad=True)
torch.optim.SGD([w * 2], lr=0.1)

# %% optimizer_empty_params_error
import torch

torch.optim.SGD([], lr=0.1)

# %% optimizer_tensor_not_iterable_error
import torch

w = torch.tensor([1.0], requires_grad=True)
torch.optim.SGD(w, lr=0.1)

# %% mean_of_int_error
import torch

torch.tensor([1, 2, 3]).mean()

# %% matmul_shape_error
import torch

torch.ones(2, 3) @ torch.ones(2, 3)

# %% add_shape_error
import torch

torch.ones(2, 3) + torch.ones(3, 2)

# %% cross_entropy_float_target_shape_error
import torch
import torch.nn.functional as F

F.cross_entropy(torch.randn(3, 4), torch.tensor([0.0, 1.0, 2.0]))

# %% cross_entropy_target_out_of_range
import torch
import torch.nn.functional as F

F.cross_entropy(torch.zeros(2, 3), torch.tensor([0, 3]))

# %% mse_shape_broadcast_warning
import torch
import torch.nn.functional as F

pred = torch.zeros(4, 1)
target = torch.arange(4.0)
print(F.mse_loss(pred, target))

# %% dtype_mismatch_matmul
import torch

torch.ones(2, 2, dtype=torch.float64) @ torch.ones(2, 2)

# %% long_times_float_promotes
import torch

a = torch.tensor([1, 2])
b = torch.tensor([0.5, 0.5])
print(a * b, (a * b).dtype)
print(a / 2, (a // 2).dtype)

# %% linear_int_input_error
import torch
from torch import nn

torch.manual_seed(0)
nn.Linear(2, 1)(torch.tensor([[1, 2]]))

# %% linear_wrong_features_error
import torch
from torch import nn

torch.manual_seed(0)
nn.Linear(3, 1)(torch.ones(2, 4))

# %% view_non_contiguous_error
import torch

x = torch.arange(6.0).reshape(2, 3).t()
x.view(6)

# %% reshape_non_contiguous_ok
import torch

x = torch.arange(6.0).reshape(2, 3).t()
print(x.is_contiguous(), x.reshape(6), x.contiguous().view(6))

# %% leaf_requires_grad_after_ops
import torch

x = torch.ones(2)
y = x * 2
x.requires_grad_()
z = x * 2
print(y.requires_grad, z.requires_grad)

# %% set_grad_enabled_context
import torch

x = torch.tensor(1.0, requires_grad=True)
is_train = False
with torch.set_grad_enabled(is_train):
    y = x * 2
print(y.requires_grad)

# %% grad_through_max_index
import torch

x = torch.tensor([[1.0, 5.0], [7.0, 2.0]], requires_grad=True)
v, i = x.max(dim=1)
v.sum().backward()
print(i, x.grad)

# %% grad_through_sort_values
import torch

x = torch.tensor([3.0, 1.0, 2.0], requires_grad=True)
s, idx = x.sort()
(s * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
print(idx, x.grad)

# %% grad_through_where
import torch

x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
y = torch.where(x > 0, x**2, -x)
y.sum().backward()
print(y, x.grad)

# %% where_nan_grad_trap
import torch

x = torch.tensor([0.0, 4.0], requires_grad=True)
y = torch.where(x > 0, x.sqrt(), torch.zeros_like(x))
y.sum().backward()
print(x.grad)

# %% sqrt_zero_grad_inf
import torch

x = torch.tensor(0.0, requires_grad=True)
x.sqrt().backward()
print(x.grad)

# %% norm_zero_grad_nan
import torch

x = torch.zeros(3, requires_grad=True)
x.norm().backward()
print(x.grad)

# %% abs_zero_grad
import torch

x = torch.tensor([-2.0, 0.0, 2.0], requires_grad=True)
x.abs().sum().backward()
print(x.grad)

# %% clamp_grad_boundaries
import torch

x = torch.tensor([-1.0, 0.0, 0.5, 1.0, 2.0], requires_grad=True)
x.clamp(0, 1).sum().backward()
print(x.grad)

# %% anomaly_detect_nan
import torch

x = torch.tensor([0.0], requires_grad=True)
with torch.autograd.detect_anomaly():
    y = (x / x).sum()
    try:
        y.backward()
    except RuntimeError as e:
        print(type(e).__name__)
