# Snippets in the spirit of d2l.ai chapters 2.4 (calculus) and 2.5 (automatic
# differentiation), plus the small experiments readers add while following along.

# %% numerical_limit
import numpy as np


def f(x):
    return 3 * x**2 - 4 * x


for h in 10.0 ** np.arange(-1, -6, -1):
    print(f"h={h:.5f}, numerical limit={(f(1 + h) - f(1)) / h:.5f}")

# %% numerical_limit_torch_powers
import torch


def f(x):
    return 3 * x**2 - 4 * x


for h in 10.0 ** torch.arange(-1, -6, -1):
    print(f"h={h:.5f}, numerical limit={(f(1 + h) - f(1)) / h:.5f}")

# %% float_pow_arange_dtype
import torch

print(10.0 ** torch.arange(-1, -4, -1))
print((2 ** torch.arange(3)).dtype)

# %% autograd_dot
import torch

x = torch.arange(4.0)
print(x)
x.requires_grad_(True)
print(x.grad)
y = 2 * torch.dot(x, x)
print(y)
y.backward()
print(x.grad)
print(x.grad == 4 * x)

# %% autograd_zero_then_sum
import torch

x = torch.arange(4.0, requires_grad=True)
y = 2 * torch.dot(x, x)
y.backward()
x.grad.zero_()
y = x.sum()
y.backward()
print(x.grad)

# %% nonscalar_gradient_ones
import torch

x = torch.arange(4.0, requires_grad=True)
y = x * x
y.backward(gradient=torch.ones(len(y)))
print(x.grad)

# %% nonscalar_sum_backward
import torch

x = torch.arange(4.0, requires_grad=True)
y = x * x
y.sum().backward()
print(x.grad)

# %% detach_u
import torch

x = torch.arange(4.0, requires_grad=True)
y = x * x
u = y.detach()
z = u * x
z.sum().backward()
print(x.grad == u)

# %% detach_then_y_backward
import torch

x = torch.arange(4.0, requires_grad=True)
y = x * x
u = y.detach()
z = u * x
z.sum().backward()
x.grad.zero_()
y.sum().backward()
print(x.grad == 2 * x)

# %% control_flow_gradient
import torch


def f(a):
    b = a * 2
    while b.norm() < 1000:
        b = b * 2
    if b.sum() > 0:
        c = b
    else:
        c = 100 * b
    return c


a = torch.tensor(0.37, requires_grad=True)
d = f(a)
d.backward()
print(a.grad == d / a)
print(a.grad)

# %% control_flow_vector
import torch


def f(a):
    b = a * 2
    while b.norm() < 100:
        b = b * 2
    return b


a = torch.tensor([0.3, -0.4], requires_grad=True)
d = f(a)
d.sum().backward()
print(d, a.grad)

# %% sin_derivative_plot_values
import torch

x = torch.linspace(-3.0, 3.0, 7, requires_grad=True)
y = torch.sin(x)
y.sum().backward()
print(x.grad)
print(torch.cos(x).detach())

# %% tangent_line
import torch

x = torch.tensor(1.0, requires_grad=True)
y = x**3 - 1 / x
y.backward()
print(x.grad)
print(f"tangent: y = {x.grad.item():.1f} * (x - 1) + {y.item():.1f}")

# %% partial_derivatives
import torch

x1 = torch.tensor(1.0, requires_grad=True)
x2 = torch.tensor(2.0, requires_grad=True)
f = 3 * x1**2 + 5 * torch.exp(x2)
f.backward()
print(x1.grad, x2.grad)

# %% gradient_of_norm
import torch

x = torch.tensor([3.0, 4.0], requires_grad=True)
torch.norm(x).backward()
print(x.grad)

# %% gradient_of_xTAx
import torch

A = torch.tensor([[2.0, 1.0], [0.0, 3.0]])
x = torch.tensor([1.0, -1.0], requires_grad=True)
y = x @ A @ x
y.backward()
print(y, x.grad)
print((A + A.T) @ x.detach())

# %% second_derivative_sin
import torch

x = torch.tensor(0.5, requires_grad=True)
y = torch.sin(x)
(g,) = torch.autograd.grad(y, x, create_graph=True)
(h,) = torch.autograd.grad(g, x)
print(g, h)

# %% second_derivative_x_exp
import torch

x = torch.tensor(0.5, requires_grad=True)
y = x * torch.exp(x)
(g,) = torch.autograd.grad(y, x, create_graph=True)
(h,) = torch.autograd.grad(g, x)
print(g.item(), h.item())

# %% second_derivative_tanh_cubic
import torch

x = torch.tensor(0.5, requires_grad=True)
y = torch.tanh(x) + x**3
(g,) = torch.autograd.grad(y, x, create_graph=True)
(h,) = torch.autograd.grad(g, x)
print(round(h.item(), 4))

# %% second_derivative_sigmoid_has_grad_fn
import torch

x = torch.tensor(0.5, requires_grad=True)
(g,) = torch.autograd.grad(torch.sigmoid(x), x, create_graph=True)
print(g)
print(g.grad_fn is not None)

# %% newton_method_sqrt2
import torch

x = torch.tensor(1.0, requires_grad=True)
for _ in range(5):
    f = x**2 - 2
    (g,) = torch.autograd.grad(f, x)
    with torch.no_grad():
        x -= f / g
print(f"{x.item():.6f}")

# %% newton_minimise_sigmoid_loss
import torch

x = torch.tensor(0.5, requires_grad=True)
for _ in range(4):
    y = (torch.sigmoid(x) - 0.8) ** 2
    (g,) = torch.autograd.grad(y, x, create_graph=True)
    (h,) = torch.autograd.grad(g, x)
    with torch.no_grad():
        x -= g / h
print(f"{x.item():.4f}", f"{torch.sigmoid(x).item():.4f}")

# %% second_derivative_relu_exp
import torch

x = torch.tensor(0.3, requires_grad=True)
y = torch.relu(x) * torch.exp(x)
(g,) = torch.autograd.grad(y, x, create_graph=True)
(h,) = torch.autograd.grad(g, x)
print(f"{g.item():.5f} {h.item():.5f}")

# %% second_derivative_sqrt
import torch

x = torch.tensor(4.0, requires_grad=True)
y = torch.sqrt(x)
(g,) = torch.autograd.grad(y, x, create_graph=True)
(h,) = torch.autograd.grad(g, x)
print(g.item(), h.item())

# %% third_derivative
import torch

x = torch.tensor(2.0, requires_grad=True)
y = x**4
g1 = torch.autograd.grad(y, x, create_graph=True)[0]
g2 = torch.autograd.grad(g1, x, create_graph=True)[0]
g3 = torch.autograd.grad(g2, x)[0]
print(g1, g2, g3)

# %% backward_create_graph_grad
import torch

x = torch.tensor(3.0, requires_grad=True)
y = x**3
y.backward(create_graph=True)
print(x.grad)
g = x.grad
x.grad = None
g.backward()
print(x.grad)

# %% exp_inplace_after_backward_use
import torch

x = torch.tensor(0.5, requires_grad=True)
y = x.exp()
y.add_(1)
y.backward()
print(x.grad)

# %% exp_inplace_vector
import torch

x = torch.tensor([0.5, 1.0], requires_grad=True)
y = x.exp()
y.add_(1)
y.sum().backward()

# %% grad_of_mean_square
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
loss = (x**2).mean()
loss.backward()
print(x.grad)

# %% gradient_accumulation_demo
import torch

x = torch.tensor(2.0, requires_grad=True)
for i in range(3):
    y = x**2
    y.backward()
    print(i, x.grad)

# %% gradient_zeroed_each_step
import torch

x = torch.tensor(2.0, requires_grad=True)
for i in range(3):
    if x.grad is not None:
        x.grad.zero_()
    y = x**2
    y.backward()
    print(i, x.grad)

# %% sigmoid_derivative_identity
import torch

x = torch.linspace(-2, 2, 5, requires_grad=True)
s = torch.sigmoid(x)
s.sum().backward()
print(x.grad)
print(s * (1 - s))

# %% tanh_derivative_identity
import torch

x = torch.linspace(-2, 2, 5, requires_grad=True)
t = torch.tanh(x)
t.sum().backward()
print(torch.allclose(x.grad, 1 - t.detach() ** 2))

# %% relu_grad_at_zero
import torch

x = torch.tensor([-1.0, 0.0, 1.0], requires_grad=True)
torch.relu(x).sum().backward()
print(x.grad)

# %% abs_grad_at_zero
import torch

x = torch.tensor([-1.0, 0.0, 1.0], requires_grad=True)
x.abs().sum().backward()
print(x.grad)

# %% max_tie_grad
import torch

x = torch.tensor([1.0, 3.0, 3.0], requires_grad=True)
x.max().backward()
print(x.grad)

# %% amax_tie_grad
import torch

x = torch.tensor([1.0, 3.0, 3.0], requires_grad=True)
y = torch.amax(x, dim=0)
print(y)
y.backward()
print(x.grad)

# %% amin_tie_grad
import torch

x = torch.tensor([[2.0, 2.0], [1.0, 5.0]], requires_grad=True)
y = x.amin(dim=1)
print(y)
y.sum().backward()
print(x.grad)

# %% max_with_nan_grad
import torch

x = torch.tensor([1.0, float("nan"), 3.0], requires_grad=True)
y = x.max()
print(y)
y.backward()
print(x.grad)

# %% log_grad_at_zero
import torch

x = torch.tensor([0.0, 1.0], requires_grad=True)
y = torch.log(x)
print(y)
y.sum().backward()
print(x.grad)

# %% sqrt_grad_at_zero
import torch

x = torch.tensor([0.0, 4.0], requires_grad=True)
torch.sqrt(x).sum().backward()
print(x.grad)

# %% pow_fractional_negative_base
import torch

x = torch.tensor([-8.0, 8.0], requires_grad=True)
y = x ** (1 / 3)
print(y)

# %% int_exp_promotes
import torch

t = torch.tensor([1, 2, 3])
print(torch.exp(t))
print(torch.sqrt(t).dtype, torch.sin(t).dtype, torch.log(t).dtype)

# %% int_sigmoid_tanh
import torch

t = torch.tensor([0, 1])
print(torch.sigmoid(t))
print(torch.tanh(t))

# %% int_reciprocal_div
import torch

t = torch.tensor([1, 2, 4])
print(1 / t)
print(t**0.5)
print(2.0**t)
print(torch.reciprocal(t))

# %% numpy_scalar_times_tensor
import numpy as np
import torch

x = torch.tensor([1.0, 2.0])
print(x * np.float64(2))
print((x + np.sqrt(2)).dtype)

# %% cat_int_float
import torch

print(torch.cat([torch.tensor([1, 2]), torch.tensor([0.5])]))
print(torch.stack([torch.tensor([1, 2]), torch.tensor([0.5, 1.5])]).dtype)

# %% where_int_float
import torch

cond = torch.tensor([True, False])
print(torch.where(cond, torch.tensor([1, 2]), torch.tensor([0.5, 0.25])))

# %% grad_wrt_intermediate
import torch

x = torch.tensor(2.0, requires_grad=True)
y = x * 3
z = y**2
(dz_dy,) = torch.autograd.grad(z, y)
print(dz_dy)

# %% autograd_grad_multiple_inputs
import torch

a = torch.tensor(1.0, requires_grad=True)
b = torch.tensor(2.0, requires_grad=True)
c = a * b + b**2
ga, gb = torch.autograd.grad(c, [a, b])
print(ga, gb)

# %% autograd_grad_retain
import torch

x = torch.tensor(1.5, requires_grad=True)
y = x**2
print(torch.autograd.grad(y, x, retain_graph=True))
print(torch.autograd.grad(y, x))

# %% finite_difference_check
import torch


def f(x):
    return torch.sin(x) * x**2


x = torch.tensor(1.2, dtype=torch.float64, requires_grad=True)
f(x).backward()
h = 1e-6
fd = (f(x.detach() + h) - f(x.detach() - h)) / (2 * h)
print(abs(x.grad - fd).item() < 1e-6)

# %% gradcheck_simple
import torch
from torch.autograd import gradcheck

x = torch.tensor([0.3, 0.7], dtype=torch.double, requires_grad=True)
print(gradcheck(torch.sigmoid, (x,), eps=1e-6, atol=1e-4))
