# Snippets in the spirit of PyTorch's "Learning PyTorch with Examples": fitting
# sin(x) with a cubic, first with tensors by hand, then autograd, nn, optim, a
# custom Module and a custom autograd.Function.  Fewer steps than the tutorial,
# fixed starting weights so both engines start from the same numbers.

# %% tensors_by_hand
import math

import torch

dtype = torch.float
x = torch.linspace(-math.pi, math.pi, 200, dtype=dtype)
y = torch.sin(x)
a, b, c, d = (torch.tensor(v, dtype=dtype) for v in (0.1, -0.2, 0.3, -0.1))
learning_rate = 1e-5
for t in range(300):
    y_pred = a + b * x + c * x**2 + d * x**3
    loss = (y_pred - y).pow(2).sum().item()
    if t % 100 == 99:
        print(t, round(loss, 3))
    grad_y_pred = 2.0 * (y_pred - y)
    a -= learning_rate * grad_y_pred.sum()
    b -= learning_rate * (grad_y_pred * x).sum()
    c -= learning_rate * (grad_y_pred * x**2).sum()
    d -= learning_rate * (grad_y_pred * x**3).sum()
print(f"Result: y = {a.item():.4f} + {b.item():.4f} x + {c.item():.4f} x^2 + {d.item():.4f} x^3")

# %% autograd_polynomial
import math

import torch

x = torch.linspace(-math.pi, math.pi, 200)
y = torch.sin(x)
a = torch.tensor(0.1, requires_grad=True)
b = torch.tensor(-0.2, requires_grad=True)
c = torch.tensor(0.3, requires_grad=True)
d = torch.tensor(-0.1, requires_grad=True)
learning_rate = 1e-5
for t in range(300):
    y_pred = a + b * x + c * x**2 + d * x**3
    loss = (y_pred - y).pow(2).sum()
    if t % 100 == 99:
        print(t, round(loss.item(), 3))
    loss.backward()
    with torch.no_grad():
        a -= learning_rate * a.grad
        b -= learning_rate * b.grad
        c -= learning_rate * c.grad
        d -= learning_rate * d.grad
        a.grad = None
        b.grad = None
        c.grad = None
        d.grad = None
print(f"Result: y = {a.item():.3f} + {b.item():.3f} x + {c.item():.3f} x^2 + {d.item():.3f} x^3")

# %% autograd_polynomial_random_init
import math

import torch

torch.manual_seed(0)
x = torch.linspace(-math.pi, math.pi, 200)
y = torch.sin(x)
a = torch.randn((), requires_grad=True)
b = torch.randn((), requires_grad=True)
print(a, b)

# %% nn_sequential_polynomial
import math

import torch

x = torch.linspace(-math.pi, math.pi, 200)
y = torch.sin(x)
p = torch.tensor([1, 2, 3])
xx = x.unsqueeze(-1).pow(p)
print(xx.shape)
model = torch.nn.Sequential(torch.nn.Linear(3, 1), torch.nn.Flatten(0, 1))
with torch.no_grad():
    model[0].weight.copy_(torch.tensor([[0.5, 0.0, -0.1]]))
    model[0].bias.zero_()
loss_fn = torch.nn.MSELoss(reduction="sum")
learning_rate = 1e-5
for t in range(200):
    y_pred = model(xx)
    loss = loss_fn(y_pred, y)
    if t % 100 == 99:
        print(t, round(loss.item(), 3))
    model.zero_grad()
    loss.backward()
    with torch.no_grad():
        for param in model.parameters():
            param -= learning_rate * param.grad
linear_layer = model[0]
print(f"y = {linear_layer.bias.item():.3f} + {linear_layer.weight[:, 0].item():.3f} x")

# %% xx_pow_broadcast
import torch

x = torch.tensor([1.0, 2.0, 3.0])
p = torch.tensor([1, 2, 3])
print(x.unsqueeze(-1).pow(p))

# %% flatten_0_1
import torch

t = torch.arange(6.0).reshape(3, 2, 1)
print(torch.nn.Flatten(0, 1)(t).shape)
print(torch.nn.Flatten()(t).shape)

# %% optim_rmsprop_polynomial
import math

import torch

x = torch.linspace(-math.pi, math.pi, 200)
y = torch.sin(x)
xx = x.unsqueeze(-1).pow(torch.tensor([1, 2, 3]))
model = torch.nn.Sequential(torch.nn.Linear(3, 1), torch.nn.Flatten(0, 1))
with torch.no_grad():
    model[0].weight.fill_(0.1)
    model[0].bias.fill_(0.0)
loss_fn = torch.nn.MSELoss(reduction="sum")
optimizer = torch.optim.RMSprop(model.parameters(), lr=1e-3)
for t in range(100):
    loss = loss_fn(model(xx), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print(round(loss.item(), 2))

# %% optim_sgd_polynomial
import math

import torch

x = torch.linspace(-math.pi, math.pi, 100)
y = torch.sin(x)
xx = x.unsqueeze(-1).pow(torch.tensor([1, 2, 3]))
model = torch.nn.Sequential(torch.nn.Linear(3, 1), torch.nn.Flatten(0, 1))
with torch.no_grad():
    model[0].weight.fill_(0.1)
    model[0].bias.fill_(0.0)
loss_fn = torch.nn.MSELoss(reduction="sum")
optimizer = torch.optim.SGD(model.parameters(), lr=1e-5, momentum=0.9)
for t in range(150):
    loss = loss_fn(model(xx), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if t % 50 == 49:
        print(t, f"{loss.item():.4f}")

# %% optim_adam_polynomial
import math

import torch

x = torch.linspace(-math.pi, math.pi, 100)
y = torch.sin(x)
xx = x.unsqueeze(-1).pow(torch.tensor([1, 2, 3]))
model = torch.nn.Linear(3, 1)
with torch.no_grad():
    model.weight.fill_(0.0)
    model.bias.fill_(0.0)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
for t in range(100):
    loss = ((model(xx).squeeze(1) - y) ** 2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print(f"{loss.item():.5f}")
print(f"{model.weight[0, 0].item():.4f} {model.weight[0, 2].item():.4f}")

# %% custom_module_polynomial
import math

import torch


class Polynomial3(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Parameter(torch.tensor(0.1))
        self.b = torch.nn.Parameter(torch.tensor(0.5))
        self.c = torch.nn.Parameter(torch.tensor(0.0))
        self.d = torch.nn.Parameter(torch.tensor(-0.05))

    def forward(self, x):
        return self.a + self.b * x + self.c * x**2 + self.d * x**3

    def string(self):
        return f"y = {self.a.item():.3f} + {self.b.item():.3f} x + {self.c.item():.3f} x^2 + {self.d.item():.3f} x^3"


x = torch.linspace(-math.pi, math.pi, 200)
y = torch.sin(x)
model = Polynomial3()
criterion = torch.nn.MSELoss(reduction="sum")
optimizer = torch.optim.SGD(model.parameters(), lr=1e-6)
for t in range(200):
    loss = criterion(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print(f"Result: {model.string()}")

# %% custom_module_parameters_list
import torch


class Polynomial3(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Parameter(torch.tensor(1.0))
        self.b = torch.nn.Parameter(torch.tensor(2.0))

    def forward(self, x):
        return self.a + self.b * x


m = Polynomial3()
print([name for name, _ in m.named_parameters()])
print(list(m.parameters()))

# %% dynamic_net_control_flow
import math

import torch


class DynamicNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Parameter(torch.tensor(0.0))
        self.b = torch.nn.Parameter(torch.tensor(1.0))
        self.c = torch.nn.Parameter(torch.tensor(0.0))
        self.d = torch.nn.Parameter(torch.tensor(-0.1))
        self.e = torch.nn.Parameter(torch.tensor(0.01))

    def forward(self, x, n_extra):
        y = self.a + self.b * x + self.c * x**2 + self.d * x**3
        for exp in range(4, 4 + n_extra):
            y = y + self.e * x**exp
        return y


x = torch.linspace(-math.pi, math.pi, 100)
y = torch.sin(x)
model = DynamicNet()
criterion = torch.nn.MSELoss(reduction="sum")
optimizer = torch.optim.SGD(model.parameters(), lr=1e-8, momentum=0.9)
for t in range(30):
    loss = criterion(model(x, t % 3), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print(f"{loss.item():.3f}")

# %% legendre_function
import math

import torch


class LegendrePolynomial3(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return 0.5 * (5 * input**3 - 3 * input)

    @staticmethod
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        return grad_output * 1.5 * (5 * input**2 - 1)


x = torch.linspace(-math.pi, math.pi, 100)
y = torch.sin(x)
a = torch.full((), 0.0, requires_grad=True)
b = torch.full((), -1.0, requires_grad=True)
c = torch.full((), 0.0, requires_grad=True)
d = torch.full((), 0.3, requires_grad=True)
learning_rate = 5e-6
for t in range(200):
    P3 = LegendrePolynomial3.apply
    y_pred = a + b * P3(c + d * x)
    loss = (y_pred - y).pow(2).sum()
    loss.backward()
    with torch.no_grad():
        for p in (a, b, c, d):
            p -= learning_rate * p.grad
            p.grad = None
print(f"Result: y = {a.item():.3f} + {b.item():.3f} * P3({c.item():.3f} + {d.item():.3f} x)")

# %% my_relu_function
import torch


class MyReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        (input,) = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input


x = torch.tensor([-2.0, -0.5, 0.5, 3.0], requires_grad=True)
y = MyReLU.apply(x)
print(y)
y.sum().backward()
print(x.grad)

# %% linear_function_extending
import torch


class LinearFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input, weight, bias)
        output = input.mm(weight.t())
        if bias is not None:
            output += bias.unsqueeze(0).expand_as(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.saved_tensors
        grad_input = grad_output.mm(weight)
        grad_weight = grad_output.t().mm(input)
        grad_bias = grad_output.sum(0) if bias is not None else None
        return grad_input, grad_weight, grad_bias


inp = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
w = torch.tensor([[0.5, -1.0], [2.0, 0.0], [1.0, 1.0]], requires_grad=True)
bias = torch.tensor([0.1, 0.2, 0.3], requires_grad=True)
out = LinearFunction.apply(inp, w, bias)
print(out)
out.sum().backward()
print(inp.grad)
print(w.grad)
print(bias.grad)

# %% function_wrong_number_of_grads
import torch


class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        return a * b

    @staticmethod
    def backward(ctx, g):
        return g


x = torch.tensor(1.0, requires_grad=True)
y = torch.tensor(2.0, requires_grad=True)
Bad.apply(x, y).backward()

# %% function_ctx_attribute
import torch


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.k = k
        return x * k

    @staticmethod
    def backward(ctx, g):
        return g * ctx.k, None


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = Scale.apply(x, 3.0)
y.sum().backward()
print(y, x.grad)

# %% function_grad_fn_name
import torch


class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_output):
        (result,) = ctx.saved_tensors
        return grad_output * result


x = torch.tensor([0.0, 1.0], requires_grad=True)
y = Exp.apply(x)
print(y)
print(type(y.grad_fn).__name__)
y.sum().backward()
print(x.grad)

# %% numpy_warm_up
import numpy as np
import torch

x = np.linspace(-np.pi, np.pi, 50)
y = np.sin(x)
t = torch.from_numpy(x)
print(t.dtype)
print(torch.sin(t).numpy()[:3].round(4), y[:3].round(4))

# %% two_layer_net_manual
import torch

x = torch.tensor([[1.0, 2.0], [0.5, -1.0], [0.0, 1.0]])
y = torch.tensor([[1.0], [0.0], [1.0]])
w1 = torch.tensor([[0.1, -0.2, 0.3], [0.4, 0.5, -0.6]])
w2 = torch.tensor([[0.2], [-0.1], [0.3]])
for t in range(50):
    h = x.mm(w1)
    h_relu = h.clamp(min=0)
    y_pred = h_relu.mm(w2)
    loss = (y_pred - y).pow(2).sum()
    grad_y_pred = 2.0 * (y_pred - y)
    grad_w2 = h_relu.t().mm(grad_y_pred)
    grad_h_relu = grad_y_pred.mm(w2.t())
    grad_h = grad_h_relu.clone()
    grad_h[h < 0] = 0
    grad_w1 = x.t().mm(grad_h)
    w1 -= 0.05 * grad_w1
    w2 -= 0.05 * grad_w2
print(f"{loss.item():.6f}")
print(w2)

# %% two_layer_net_autograd
import torch

x = torch.tensor([[1.0, 2.0], [0.5, -1.0], [0.0, 1.0]])
y = torch.tensor([[1.0], [0.0], [1.0]])
w1 = torch.tensor([[0.1, -0.2, 0.3], [0.4, 0.5, -0.6]], requires_grad=True)
w2 = torch.tensor([[0.2], [-0.1], [0.3]], requires_grad=True)
for t in range(50):
    y_pred = x.mm(w1).clamp(min=0).mm(w2)
    loss = (y_pred - y).pow(2).sum()
    loss.backward()
    with torch.no_grad():
        w1 -= 0.05 * w1.grad
        w2 -= 0.05 * w2.grad
        w1.grad.zero_()
        w2.grad.zero_()
print(f"{loss.item():.6f}")
print(w2)
