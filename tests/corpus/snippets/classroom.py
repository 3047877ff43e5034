# Classroom snippets: the short programs teachers put on slides and students
# type into notebooks (gradient descent, small nets, hooks, optimisers, modules).

# %% gd_quadratic
import torch

x = torch.tensor(5.0, requires_grad=True)
lr = 0.1
for step in range(20):
    loss = (x - 2) ** 2
    loss.backward()
    with torch.no_grad():
        x -= lr * x.grad
    x.grad.zero_()
print(f"x = {x.item():.4f}")

# %% gd_quadratic_optimizer
import torch

x = torch.tensor([5.0], requires_grad=True)
opt = torch.optim.SGD([x], lr=0.1)
for step in range(20):
    opt.zero_grad()
    loss = ((x - 2) ** 2).sum()
    loss.backward()
    opt.step()
print(x)

# %% gd_rosenbrock_adam
import torch

p = torch.tensor([-1.0, 1.0], requires_grad=True)
opt = torch.optim.Adam([p], lr=0.05)
for i in range(200):
    opt.zero_grad()
    x, y = p[0], p[1]
    loss = (1 - x) ** 2 + 100 * (y - x**2) ** 2
    loss.backward()
    opt.step()
print(f"{p[0].item():.3f} {p[1].item():.3f} {loss.item():.5f}")

# %% momentum_vs_plain
import torch

for momentum in (0.0, 0.9):
    x = torch.tensor(5.0, requires_grad=True)
    opt = torch.optim.SGD([x], lr=0.01, momentum=momentum)
    for _ in range(50):
        opt.zero_grad()
        (x**2).backward()
        opt.step()
    print(momentum, round(x.item(), 4))

# %% xor_mlp_fixed_init
import torch
from torch import nn

X = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
y = torch.tensor([[0.0], [1.0], [1.0], [0.0]])
model = nn.Sequential(nn.Linear(2, 4), nn.Tanh(), nn.Linear(4, 1), nn.Sigmoid())
with torch.no_grad():
    model[0].weight.copy_(torch.tensor([[1.0, -1.0], [-1.0, 1.0], [0.5, 0.5], [1.0, 1.0]]))
    model[0].bias.copy_(torch.tensor([0.0, 0.0, -0.5, -1.5]))
    model[2].weight.copy_(torch.tensor([[1.0, 1.0, -0.5, -1.0]]))
    model[2].bias.zero_()
opt = torch.optim.SGD(model.parameters(), lr=0.5)
loss_fn = nn.BCELoss()
for epoch in range(200):
    opt.zero_grad()
    loss = loss_fn(model(X), y)
    loss.backward()
    opt.step()
print(f"{loss.item():.4f}")
print(model(X).detach().round(decimals=2))

# %% custom_module_forward
import torch
from torch import nn


class TwoLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 4)
        self.fc2 = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


net = TwoLayer()
print(net)
print(net(torch.zeros(5, 3)).shape)
print(sum(p.numel() for p in net.parameters()))

# %% named_parameters_shapes
import torch
from torch import nn

net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
for name, p in net.named_parameters():
    print(name, tuple(p.shape), p.requires_grad)

# %% children_and_modules
import torch
from torch import nn

net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
print(len(list(net.children())), len(list(net.modules())))
print([type(m).__name__ for m in net.modules()])

# %% named_modules
import torch
from torch import nn

net = nn.Sequential(nn.Linear(3, 4), nn.ReLU())
print([name for name, _ in net.named_modules()])

# %% train_eval_flags
import torch
from torch import nn

net = nn.Sequential(nn.Linear(2, 2))
print(net.training)
net.eval()
print(net.training, net[0].training)
net.train()
print(net.training)

# %% tensor_hook
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
h = y.register_hook(lambda g: print("grad of y:", g))
y.sum().backward()
h.remove()
print(x.grad)

# %% tensor_hook_modifies
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
x.register_hook(lambda g: g * 10)
(x * x).sum().backward()
print(x.grad)

# %% forward_hook
import torch
from torch import nn

lin = nn.Linear(2, 1)
with torch.no_grad():
    lin.weight.fill_(1.0)
    lin.bias.zero_()
lin.register_forward_hook(lambda m, inp, out: print("out", out))
lin(torch.tensor([[1.0, 2.0]]))

# %% full_backward_hook
import torch
from torch import nn

lin = nn.Linear(2, 1)
with torch.no_grad():
    lin.weight.fill_(1.0)
    lin.bias.zero_()
lin.register_full_backward_hook(lambda m, gin, gout: print("grad out", gout))
lin(torch.tensor([[1.0, 2.0]])).sum().backward()

# %% jacobian_loop
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.stack([x[0] * x[1], x[0] + x[1] ** 2])
rows = []
for i in range(2):
    (g,) = torch.autograd.grad(y[i], x, retain_graph=True)
    rows.append(g)
print(torch.stack(rows))

# %% jacobian_functional
import torch


def f(x):
    return torch.stack([x[0] * x[1], x[0] + x[1] ** 2])


print(torch.autograd.functional.jacobian(f, torch.tensor([1.0, 2.0])))

# %% hessian_quadratic
import torch


def f(x):
    return x[0] ** 2 * x[1] + x[1] ** 3


print(torch.autograd.functional.hessian(f, torch.tensor([1.0, 2.0])))

# %% func_grad
import torch
from torch.func import grad

print(grad(torch.sin)(torch.tensor(0.0)))
print(grad(lambda x: (x**3).sum())(torch.tensor([1.0, 2.0])))

# %% func_vmap
import torch
from torch.func import vmap

x = torch.arange(6.0).reshape(3, 2)
print(vmap(torch.dot)(x, x))

# %% func_jacrev
import torch
from torch.func import jacrev

print(jacrev(torch.sin)(torch.tensor([0.0, 1.0])))

# %% func_hessian
import torch
from torch.func import hessian

print(hessian(lambda x: (x**3).sum())(torch.tensor([1.0, 2.0])))

# %% forward_ad_dual
import torch
import torch.autograd.forward_ad as fwAD

primal = torch.tensor([1.0, 2.0])
tangent = torch.tensor([1.0, 0.0])
with fwAD.dual_level():
    dual = fwAD.make_dual(primal, tangent)
    out = dual.sin() * dual
    print(fwAD.unpack_dual(out).tangent)

# %% anomaly_detect_nan
import torch

x = torch.tensor([0.0], requires_grad=True)
with torch.autograd.detect_anomaly():
    y = torch.sqrt(x) * 0
    y.backward()

# %% nan_grad_without_anomaly
import torch

x = torch.tensor([0.0], requires_grad=True)
y = torch.sqrt(x) * 0
y.backward()
print(x.grad)

# %% clip_grad_norm
import torch
from torch import nn

lin = nn.Linear(2, 1)
with torch.no_grad():
    lin.weight.fill_(1.0)
    lin.bias.fill_(0.0)
(lin(torch.tensor([[30.0, 40.0]])) ** 2).sum().backward()
total = nn.utils.clip_grad_norm_(lin.parameters(), max_norm=1.0)
print(total)
print(lin.weight.grad)

# %% lr_scheduler_step
import torch

p = torch.zeros(1, requires_grad=True)
opt = torch.optim.SGD([p], lr=1.0)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
for epoch in range(5):
    opt.step()
    sched.step()
    print(epoch, opt.param_groups[0]["lr"])

# %% optimizer_state_dict_keys
import torch

p = torch.zeros(2, requires_grad=True)
opt = torch.optim.Adam([p], lr=0.1)
p.grad = torch.ones(2)
opt.step()
sd = opt.state_dict()
print(sorted(sd.keys()))
print(sorted(sd["state"][0].keys()))

# %% adam_steps_values
import torch

p = torch.tensor([1.0, -1.0], requires_grad=True)
opt = torch.optim.Adam([p], lr=0.1, betas=(0.9, 0.99))
for _ in range(3):
    opt.zero_grad()
    (p**2).sum().backward()
    opt.step()
print(p)

# %% adamw_steps
import torch

p = torch.tensor([1.0, -1.0], requires_grad=True)
opt = torch.optim.AdamW([p], lr=0.1)
for _ in range(3):
    opt.zero_grad()
    (p**2).sum().backward()
    opt.step()
print(p)

# %% sgd_nesterov_weight_decay
import torch

p = torch.tensor([1.0, -2.0], requires_grad=True)
opt = torch.optim.SGD([p], lr=0.1, momentum=0.9, nesterov=True, weight_decay=0.01)
for _ in range(3):
    opt.zero_grad()
    (p**2).sum().backward()
    opt.step()
print(p)

# %% zero_grad_set_to_none
import torch
from torch import nn

lin = nn.Linear(2, 1)
lin(torch.ones(1, 2)).sum().backward()
opt = torch.optim.SGD(lin.parameters(), lr=0.1)
opt.zero_grad()
print(lin.weight.grad)
lin(torch.ones(1, 2)).sum().backward()
lin.zero_grad()
print(lin.bias.grad)

# %% sequential_indexing
import torch
from torch import nn

net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
print(net[0])
print(net[-1])
print(len(net))

# %% sequential_slicing
import torch
from torch import nn

net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
print(net[:2])

# %% modulelist_loop
import torch
from torch import nn


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(2, 2) for _ in range(3)])

    def forward(self, x):
        for layer in self.layers:
            x = torch.relu(layer(x))
        return x


print(len(list(Stack().parameters())))

# %% parameter_registration
import torch
from torch import nn


class Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.s = nn.Parameter(torch.ones(1))
        self.not_param = torch.ones(1)

    def forward(self, x):
        return x * self.s


m = Scale()
print([n for n, _ in m.named_parameters()])
print(m(torch.tensor([2.0, 3.0])))

# %% register_buffer
import torch
from torch import nn


class WithBuffer(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("running", torch.zeros(2))


m = WithBuffer()
print(m.state_dict())
print(list(m.parameters()))

# %% activations_table
import torch
from torch import nn

x = torch.tensor([-2.0, -0.5, 0.0, 0.5, 2.0])
for act in (nn.ReLU(), nn.Sigmoid(), nn.Tanh(), nn.LeakyReLU(0.1), nn.ELU(), nn.GELU(), nn.Softplus()):
    print(type(act).__name__, act(x))

# %% functional_activations
import torch
import torch.nn.functional as F

x = torch.tensor([-2.0, -0.5, 0.0, 0.5, 2.0])
print(F.relu(x))
print(F.sigmoid(x))
print(F.tanh(x))
print(F.softmax(x, dim=0))
print(F.log_softmax(x, dim=0))

# %% softmax_module_dim
import torch
from torch import nn

x = torch.tensor([[1.0, 2.0, 3.0]])
print(nn.Softmax(dim=1)(x))
print(nn.LogSoftmax(dim=-1)(x))

# %% softmax_implicit_dim
import torch
import torch.nn.functional as F

x = torch.tensor([[1.0, 2.0, 3.0]])
print(F.softmax(x))

# %% softmax_sum_to_one
import torch

x = torch.tensor([[1.0, 2.0], [3.0, 5.0]])
s = torch.softmax(x, dim=1)
print(s.sum(dim=1))

# %% embedding_lookup
import torch
from torch import nn

emb = nn.Embedding(5, 2)
with torch.no_grad():
    emb.weight.copy_(torch.arange(10.0).reshape(5, 2))
print(emb(torch.tensor([0, 3, 3])))

# %% one_hot
import torch
import torch.nn.functional as F

print(F.one_hot(torch.tensor([0, 2, 1]), num_classes=3))

# %% layer_norm
import torch
from torch import nn

ln = nn.LayerNorm(3)
print(ln(torch.tensor([[1.0, 2.0, 3.0], [2.0, 2.0, 5.0]])))

# %% batchnorm_train
import torch
from torch import nn

bn = nn.BatchNorm1d(2)
out = bn(torch.tensor([[1.0, 2.0], [3.0, 6.0], [5.0, 10.0]]))
print(out)
print(bn.running_mean)

# %% mse_grad_check
import torch
import torch.nn.functional as F

pred = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
F.mse_loss(pred, torch.tensor([1.5, 2.0, 2.0])).backward()
print(pred.grad)

# %% nn_linear_forward_manual
import torch
from torch import nn

lin = nn.Linear(2, 2)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
    lin.bias.copy_(torch.tensor([0.5, -0.5]))
x = torch.tensor([[1.0, 1.0]])
print(lin(x))
print(x @ lin.weight.T + lin.bias)

# %% tensor_device_first_lines
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
print(f"Using {device} device")
x = torch.ones(2, device=device)
print(x.device)

# %% torch_device_object
import torch

d = torch.device("cpu")
print(d, d.type)
print(torch.ones(1).to(d))

# %% model_to_device
import torch
from torch import nn

model = nn.Linear(2, 1).to("cpu")
print(next(model.parameters()).device)

# %% dataloader_batches
import torch
from torch.utils.data import DataLoader, TensorDataset

ds = TensorDataset(torch.arange(10.0).reshape(5, 2), torch.arange(5))
for xb, yb in DataLoader(ds, batch_size=2):
    print(xb.shape, yb)

# %% custom_dataset
import torch
from torch.utils.data import DataLoader, Dataset


class Squares(Dataset):
    def __len__(self):
        return 4

    def __getitem__(self, i):
        return torch.tensor(float(i)), torch.tensor(float(i * i))


print(len(Squares()))
for x, y in DataLoader(Squares(), batch_size=3):
    print(x, y)

# %% save_load_tensor
import io

import torch

buf = io.BytesIO()
torch.save(torch.tensor([1.0, 2.0]), buf)
buf.seek(0)
print(torch.load(buf))

# %% dropout_eval_identity
import torch
from torch import nn

d = nn.Dropout(0.5)
d.eval()
print(d(torch.ones(4)))

# %% no_grad_eval_accuracy
import torch
from torch import nn

model = nn.Linear(2, 2)
with torch.no_grad():
    model.weight.copy_(torch.tensor([[1.0, 0.0], [0.0, 1.0]]))
    model.bias.zero_()
X = torch.tensor([[2.0, 1.0], [0.0, 3.0], [1.0, 1.5]])
y = torch.tensor([0, 1, 0])
model.eval()
with torch.no_grad():
    pred = model(X).argmax(1)
    correct = (pred == y).type(torch.float).sum().item()
print(f"Accuracy: {(100 * correct / len(y)):>0.1f}%")

# %% training_loop_print_format
import torch
from torch import nn

model = nn.Linear(1, 1)
with torch.no_grad():
    model.weight.fill_(0.5)
    model.bias.fill_(0.0)
X = torch.tensor([[1.0], [2.0], [3.0]])
y = torch.tensor([[2.0], [4.0], [6.0]])
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for batch in range(3):
    loss = nn.functional.mse_loss(model(X), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    loss, current = loss.item(), (batch + 1) * len(X)
    print(f"loss: {loss:>7f}  [{current:>5d}/{9:>5d}]")
