# Snippets in the spirit of PyTorch's "Automatic Differentiation with torch.autograd"
# (the basics tutorial): one layer, BCE with logits, grad_fn, disabling tracking,
# Jacobian products.  Random inputs are replaced by fixed ones except where only
# shapes or flags are printed.

# %% one_layer_bce
import torch

x = torch.ones(5)
y = torch.zeros(3)
w = torch.full((5, 3), 0.1, requires_grad=True)
b = torch.full((3,), -0.2, requires_grad=True)
z = torch.matmul(x, w) + b
loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y)
print(z)
print(loss)

# %% one_layer_grad_fn
import torch

x = torch.ones(5)
y = torch.zeros(3)
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
z = torch.matmul(x, w) + b
loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y)
print(f"Gradient function for z = {z.grad_fn}")
print(f"Gradient function for loss = {loss.grad_fn}")

# %% one_layer_grads
import torch

x = torch.ones(5)
y = torch.zeros(3)
w = torch.linspace(-1, 1, 15).reshape(5, 3).requires_grad_()
b = torch.tensor([0.1, 0.2, 0.3], requires_grad=True)
z = torch.matmul(x, w) + b
loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y)
loss.backward()
print(w.grad)
print(b.grad)

# %% disable_tracking_no_grad
import torch

x = torch.ones(5)
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
z = torch.matmul(x, w) + b
print(z.requires_grad)
with torch.no_grad():
    z = torch.matmul(x, w) + b
print(z.requires_grad)

# %% disable_tracking_detach
import torch

x = torch.ones(5)
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
z = torch.matmul(x, w) + b
z_det = z.detach()
print(z_det.requires_grad)

# %% jacobian_product_eye
import torch

inp = torch.eye(4, 5, requires_grad=True)
out = (inp + 1).pow(2).t()
out.backward(torch.ones_like(out), retain_graph=True)
print(f"First call\n{inp.grad}")
out.backward(torch.ones_like(out), retain_graph=True)
print(f"\nSecond call\n{inp.grad}")
inp.grad.zero_()
out.backward(torch.ones_like(out), retain_graph=True)
print(f"\nCall after zeroing gradients\n{inp.grad}")

# %% requires_grad_after_creation
import torch

w = torch.zeros(3, 2)
w.requires_grad_(True)
print(w)
w.requires_grad = False
print(w.requires_grad)

# %% backward_twice_without_retain
import torch

x = torch.ones(5)
w = torch.ones(5, 3, requires_grad=True)
z = torch.matmul(x, w)
loss = z.sum()
loss.backward()
loss.backward()

# %% grad_of_nonleaf_warns
import torch

x = torch.ones(5)
w = torch.ones(5, 3, requires_grad=True)
z = torch.matmul(x, w)
z.sum().backward()
print(z.grad)

# %% retain_grad_nonleaf
import torch

x = torch.ones(5)
w = torch.ones(5, 3, requires_grad=True)
z = torch.matmul(x, w)
z.retain_grad()
(z * z).sum().backward()
print(z.grad)
print(w.grad)

# %% bce_with_logits_manual
import torch

z = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
y = torch.tensor([1.0, 0.0, 1.0])
manual = -(y * torch.log(torch.sigmoid(z)) + (1 - y) * torch.log(1 - torch.sigmoid(z))).mean()
builtin = torch.nn.functional.binary_cross_entropy_with_logits(z, y)
print(manual, builtin)
print(torch.allclose(manual, builtin))

# %% bce_plain
import torch
import torch.nn.functional as F

p = torch.tensor([0.9, 0.2, 0.6], requires_grad=True)
y = torch.tensor([1.0, 0.0, 1.0])
loss = F.binary_cross_entropy(p, y)
loss.backward()
print(loss)
print(p.grad)

# %% bce_module
import torch
from torch import nn

loss_fn = nn.BCEWithLogitsLoss()
logits = torch.tensor([[0.2, -0.4], [1.5, 0.3]], requires_grad=True)
target = torch.tensor([[1.0, 0.0], [1.0, 1.0]])
loss = loss_fn(logits, target)
print(loss)
loss.backward()
print(logits.grad)

# %% optional_reading_tensor_gradient
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x**2
v = torch.tensor([1.0, 0.5, 0.25])
y.backward(v)
print(x.grad)

# %% autograd_grad_function
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = (x**3).sum()
(g,) = torch.autograd.grad(y, x)
print(g)

# %% autograd_grad_create_graph
import torch

x = torch.tensor(2.0, requires_grad=True)
y = x**4
(dy,) = torch.autograd.grad(y, x, create_graph=True)
(d2y,) = torch.autograd.grad(dy, x)
print(dy, d2y)

# %% functional_jacobian
import torch
from torch.autograd.functional import jacobian


def f(x):
    return x**2 + 2 * x


print(jacobian(f, torch.tensor([1.0, 2.0, 3.0])))

# %% functional_hessian
import torch
from torch.autograd.functional import hessian


def f(x):
    return (x**3).sum()


print(hessian(f, torch.tensor([1.0, 2.0])))

# %% functional_vjp
import torch
from torch.autograd.functional import vjp


def f(x):
    return x.exp()


out, grad = vjp(f, torch.tensor([0.0, 1.0]), torch.tensor([1.0, 2.0]))
print(out)
print(grad)

# %% grad_fn_next_functions
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x * 2 + 1).sum()
print(y.grad_fn)
print(y.grad_fn.next_functions)

# %% is_grad_enabled
import torch

print(torch.is_grad_enabled())
with torch.no_grad():
    print(torch.is_grad_enabled())
print(torch.is_grad_enabled())

# %% enable_grad_inside_no_grad
import torch

x = torch.tensor(1.0, requires_grad=True)
with torch.no_grad():
    with torch.enable_grad():
        y = x * 2
print(y.requires_grad)

# %% set_grad_enabled_function
import torch

x = torch.tensor(1.0, requires_grad=True)
torch.set_grad_enabled(False)
y = x * 2
torch.set_grad_enabled(True)
z = x * 2
print(y.requires_grad, z.requires_grad)

# %% no_grad_decorator
import torch


@torch.no_grad()
def double(t):
    return t * 2


x = torch.tensor([1.0], requires_grad=True)
print(double(x).requires_grad)

# %% inference_mode
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.inference_mode():
    y = x * 2
print(y.requires_grad)
print(y)

# %% weights_update_no_grad
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
loss = (w**2).sum()
loss.backward()
with torch.no_grad():
    w -= 0.1 * w.grad
w.grad.zero_()
print(w)
print(w.grad)

# %% weights_update_without_no_grad
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
loss = (w**2).sum()
loss.backward()
w -= 0.1 * w.grad

# %% weights_update_data
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
loss = (w**2).sum()
loss.backward()
w.data -= 0.1 * w.grad.data
print(w)

# %% weights_rebind_loses_leaf
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
(w**2).sum().backward()
w = w - 0.1 * w.grad
print(w.is_leaf, w.grad_fn)
(w**2).sum().backward()
print(w.grad)

# %% tensor_gradient_dtype_int
import torch

x = torch.tensor([1, 2, 3], dtype=torch.float32, requires_grad=True)
y = (x * x).sum()
y.backward()
print(x.grad.dtype, x.grad)
