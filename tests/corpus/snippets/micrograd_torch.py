# micrograd's README and demo, redone with torch tensors: the expression from the
# README, a neuron, an MLP class with parameters(), the moons-like classifier
# with an SVM max-margin loss and L2 regularisation.

# %% readme_expression
import torch

a = torch.tensor(-4.0, dtype=torch.double, requires_grad=True)
b = torch.tensor(2.0, dtype=torch.double, requires_grad=True)
c = a + b
d = a * b + b**3
c = c + c + 1
c = c + 1 + c + (-a)
d = d + d * 2 + (b + a).relu()
d = d + 3 * d + (b - a).relu()
e = c - d
f = e**2
g = f / 2.0
g = g + 10.0 / f
print(f"{g.data.item():.4f}")
g.backward()
print(f"{a.grad.item():.4f}")
print(f"{b.grad.item():.4f}")

# %% readme_expression_float32
import torch

a = torch.tensor(-4.0, requires_grad=True)
b = torch.tensor(2.0, requires_grad=True)
c = a + b
d = a * b + b**3
c += c + 1
c += 1 + c + (-a)
d += d * 2 + (b + a).relu()
d += 3 * d + (b - a).relu()
e = c - d
f = e**2
g = f / 2.0
g += 10.0 / f
g.backward()
print(g, a.grad, b.grad)

# %% video_example_neuron
import torch

x1 = torch.Tensor([2.0]).double()
x1.requires_grad = True
x2 = torch.Tensor([0.0]).double()
x2.requires_grad = True
w1 = torch.Tensor([-3.0]).double()
w1.requires_grad = True
w2 = torch.Tensor([1.0]).double()
w2.requires_grad = True
b = torch.Tensor([6.8813735870195432]).double()
b.requires_grad = True
n = x1 * w1 + x2 * w2 + b
o = torch.tanh(n)
print(o.data.item())
o.backward()
print("---")
print("x2", x2.grad.item())
print("w2", w2.grad.item())
print("x1", x1.grad.item())
print("w1", w1.grad.item())

# %% tensor_constructor_dtype
import torch

t = torch.Tensor([2.0])
print(t, t.dtype, t.double().dtype)
print(torch.Tensor(2, 3).shape)

# %% sanity_check_two_paths
import torch

x = torch.tensor([-4.0], requires_grad=True)
z = 2 * x + 2 + x
q = z.relu() + z * x
h = (z * z).relu()
y = h + q + q * x
y.backward()
print(y.data.item(), x.grad.item())

# %% neuron_class
import torch

torch.manual_seed(1337)


class Neuron:
    def __init__(self, nin, nonlin=True):
        self.w = torch.empty(nin).uniform_(-1, 1).requires_grad_()
        self.b = torch.zeros((), requires_grad=True)
        self.nonlin = nonlin

    def __call__(self, x):
        act = (self.w * x).sum() + self.b
        return act.relu() if self.nonlin else act

    def parameters(self):
        return [self.w, self.b]

    def __repr__(self):
        return f"{'ReLU' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


n = Neuron(3)
print(n)
out = n(torch.tensor([1.0, -2.0, 0.5]))
print(out)
out.backward()
print(n.w.grad, n.b.grad)

# %% mlp_class_parameters
import torch

torch.manual_seed(1337)


class Layer:
    def __init__(self, nin, nout, nonlin=True):
        self.W = torch.empty(nin, nout).uniform_(-1, 1).requires_grad_()
        self.b = torch.zeros(nout, requires_grad=True)
        self.nonlin = nonlin

    def __call__(self, x):
        out = x @ self.W + self.b
        return out.relu() if self.nonlin else out

    def parameters(self):
        return [self.W, self.b]


class MLP:
    def __init__(self, nin, nouts):
        sz = [nin] + nouts
        self.layers = [Layer(sz[i], sz[i + 1], nonlin=i != len(nouts) - 1) for i in range(len(nouts))]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def parameters(self):
        return [p for layer in self.layers for p in layer.parameters()]


model = MLP(2, [16, 16, 1])
print("number of parameters", sum(p.numel() for p in model.parameters()))
print(model(torch.tensor([[1.0, -1.0]])))

# %% tiny_dataset_regression_loop
import torch

torch.manual_seed(0)
xs = torch.tensor([[2.0, 3.0, -1.0], [3.0, -1.0, 0.5], [0.5, 1.0, 1.0], [1.0, 1.0, -1.0]])
ys = torch.tensor([1.0, -1.0, -1.0, 1.0])
W1 = torch.empty(3, 4).uniform_(-1, 1).requires_grad_()
b1 = torch.zeros(4, requires_grad=True)
W2 = torch.empty(4, 1).uniform_(-1, 1).requires_grad_()
b2 = torch.zeros(1, requires_grad=True)
params = [W1, b1, W2, b2]
for k in range(20):
    ypred = (torch.tanh(xs @ W1 + b1) @ W2 + b2).tanh().squeeze(1)
    loss = ((ypred - ys) ** 2).sum()
    for p in params:
        p.grad = None
    loss.backward()
    for p in params:
        p.data += -0.05 * p.grad
    if k % 5 == 0:
        print(k, f"{loss.item():.4f}")
print(ypred)

# %% forgot_zero_grad_bug
import torch

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
x = torch.tensor([1.0, 2.0, 3.0])
for k in range(3):
    loss = (w * x).sum() ** 2
    loss.backward()
    print(k, w.grad)
    w.data -= 0.001 * w.grad

# %% moons_like_data
import math
import torch

torch.manual_seed(1)
n = 20
t = torch.linspace(0, math.pi, n // 2)
upper = torch.stack([t.cos(), t.sin()], 1)
lower = torch.stack([1 - t.cos(), 0.5 - t.sin()], 1)
X = torch.cat([upper, lower]) + 0.1 * torch.randn(n, 2)
y = torch.cat([torch.ones(n // 2), -torch.ones(n // 2)])
print(X.shape, y.shape)
print(X[:3])
print(y.unique())

# %% svm_max_margin_loss
import torch

torch.manual_seed(1)
X = torch.randn(16, 2)
y = torch.where(X[:, 0] * X[:, 1] > 0, 1.0, -1.0)
model = torch.nn.Sequential(torch.nn.Linear(2, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))


def loss_fn():
    scores = model(X).squeeze(1)
    losses = (1 + -y * scores).relu()
    data_loss = losses.mean()
    alpha = 1e-4
    reg_loss = alpha * sum((p * p).sum() for p in model.parameters())
    accuracy = ((y > 0) == (scores > 0)).float().mean()
    return data_loss + reg_loss, accuracy


for k in range(15):
    total_loss, acc = loss_fn()
    model.zero_grad()
    total_loss.backward()
    learning_rate = 1.0 - 0.9 * k / 100
    with torch.no_grad():
        for p in model.parameters():
            p -= learning_rate * p.grad
    if k % 5 == 0:
        print(f"step {k} loss {total_loss.item():.4f}, accuracy {acc.item() * 100:.1f}%")

# %% decision_grid_meshgrid
import torch

xx, yy = torch.meshgrid(torch.arange(-1.0, 1.5, 0.5), torch.arange(0.0, 1.0, 0.5), indexing="ij")
print(xx.shape)
Xmesh = torch.stack([xx.ravel(), yy.ravel()], 1)
print(Xmesh[:4])
scores = Xmesh.sum(1)
Z = (scores > 0).reshape(xx.shape)
print(Z)

# %% meshgrid_no_indexing_warns
import torch

a, b = torch.meshgrid(torch.arange(2), torch.arange(3))
print(a)
print(b)

# %% relu_grad_at_zero
import torch

x = torch.tensor([-1.0, 0.0, 1.0], requires_grad=True)
x.relu().sum().backward()
print(x.grad)

# %% pow_negative_base
import torch

a = torch.tensor(-2.0, requires_grad=True)
(a**3).backward()
print(a.grad)
a.grad = None
(a**0.5).backward()
print(a**0.5, a.grad)

# %% division_as_pow_minus_one
import torch

a = torch.tensor(3.0, requires_grad=True)
b = torch.tensor(4.0, requires_grad=True)
(a * b**-1).backward()
print(a.grad, b.grad)
print((a / b).grad_fn, (a * b**-1).grad_fn)

# %% topo_order_grad_fn_walk
import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(-3.0, requires_grad=True)
c = a * b
d = c + a
e = d.tanh()
node = e.grad_fn
while node is not None:
    print(type(node).__name__)
    nxt = [f for f, _ in node.next_functions if f is not None and type(f).__name__ != "AccumulateGrad"]
    node = nxt[0] if nxt else None

# %% next_functions_print
import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(-3.0, requires_grad=True)
L = (a * b + 1.0) * 2
print(L.grad_fn.name())
print(len(L.grad_fn.next_functions))
print(L.grad_fn.next_functions[0][0].name())

# %% value_repr_like
import torch

a = torch.tensor(2.0, requires_grad=True)
print(repr(a))
print(repr(a * 3))
print(repr((a * 3).detach()))
print(a.data, a.item(), float(a))

# %% mul_by_scalar_left_right
import torch

a = torch.tensor(2.0, requires_grad=True)
print(2 * a, a * 2, 2 - a, a - 2, 2 / a, a / 2)
print(2**a, a**2)

# %% exp_and_tanh_from_exp
import torch

x = torch.tensor(0.8814, requires_grad=True)
e = (2 * x).exp()
o = (e - 1) / (e + 1)
o.backward()
print(f"{o.item():.4f} {x.grad.item():.4f}")
x2 = torch.tensor(0.8814, requires_grad=True)
torch.tanh(x2).backward()
print(f"{x2.grad.item():.4f}")

# %% numerical_derivative_check
import torch


def f(x):
    return 3 * x**2 - 4 * x + 5


h = 0.0001
x = torch.tensor(3.0, dtype=torch.float64)
print(((f(x + h) - f(x)) / h).item())
xg = torch.tensor(3.0, dtype=torch.float64, requires_grad=True)
f(xg).backward()
print(xg.grad.item())

# %% numerical_derivative_float32
import torch


def f(x):
    return 3 * x**2 - 4 * x + 5


h = 0.0001
x = torch.tensor(3.0)
print((f(x + h) - f(x)) / h)

# %% same_node_used_twice
import torch

a = torch.tensor(3.0, requires_grad=True)
b = a + a
b.backward()
print(a.grad)

# %% grad_accumulates_across_uses
import torch

a = torch.tensor(-2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
d = a * b
e = a + b
f = d * e
f.backward()
print(a.grad, b.grad)

# %% linspace_function_values
import torch

xs = torch.arange(-5, 5, 0.25)
ys = 3 * xs**2 - 4 * xs + 5
print(xs.shape, xs.dtype)
print(ys[:5])
