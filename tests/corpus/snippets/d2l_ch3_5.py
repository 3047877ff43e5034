# Dive into Deep Learning, chapters 3 to 5 in spirit: linear regression from
# scratch, softmax regression, MLPs, dropout, weight decay, initialisation and
# numerical stability, with the small data each section makes with arange,
# linspace and normal noise.

# %% synthetic_data
import torch

torch.manual_seed(0)


def synthetic_data(w, b, num_examples):
    X = torch.normal(0, 1, (num_examples, len(w)))
    y = torch.matmul(X, w) + b
    y += torch.normal(0, 0.01, y.shape)
    return X, y.reshape((-1, 1))


true_w = torch.tensor([2, -3.4])
true_b = 4.2
features, labels = synthetic_data(true_w, true_b, 100)
print("features:", features[0], "\nlabel:", labels[0])
print(features.shape, labels.shape)

# %% data_iter_random
import random
import torch

random.seed(0)
torch.manual_seed(0)


def data_iter(batch_size, features, labels):
    num_examples = len(features)
    indices = list(range(num_examples))
    random.shuffle(indices)
    for i in range(0, num_examples, batch_size):
        batch_indices = torch.tensor(indices[i : min(i + batch_size, num_examples)])
        yield features[batch_indices], labels[batch_indices]


features = torch.arange(20.0).reshape(10, 2)
labels = torch.arange(10.0).reshape(10, 1)
for X, y in data_iter(4, features, labels):
    print(X.shape, y.flatten())

# %% linreg_from_scratch
import torch

torch.manual_seed(0)
true_w = torch.tensor([2, -3.4])
true_b = 4.2
X = torch.normal(0, 1, (200, 2))
y = (X @ true_w + true_b + torch.normal(0, 0.01, (200,))).reshape(-1, 1)
w = torch.normal(0, 0.01, size=(2, 1), requires_grad=True)
b = torch.zeros(1, requires_grad=True)


def linreg(X, w, b):
    return torch.matmul(X, w) + b


def squared_loss(y_hat, y):
    return (y_hat - y.reshape(y_hat.shape)) ** 2 / 2


def sgd(params, lr, batch_size):
    with torch.no_grad():
        for param in params:
            param -= lr * param.grad / batch_size
            param.grad.zero_()


lr, num_epochs, batch_size = 0.03, 3, 10
for epoch in range(num_epochs):
    for i in range(0, 200, batch_size):
        l = squared_loss(linreg(X[i : i + batch_size], w, b), y[i : i + batch_size])
        l.sum().backward()
        sgd([w, b], lr, batch_size)
    with torch.no_grad():
        train_l = squared_loss(linreg(X, w, b), y)
        print(f"epoch {epoch + 1}, loss {float(train_l.mean()):f}")
print(f"error in estimating w: {true_w - w.reshape(true_w.shape)}")
print(f"error in estimating b: {true_b - b}")

# %% linreg_concise
import torch
from torch import nn
from torch.utils import data

torch.manual_seed(0)
X = torch.normal(0, 1, (100, 2))
y = (X @ torch.tensor([2, -3.4]) + 4.2).reshape(-1, 1)
data_iter = data.DataLoader(data.TensorDataset(X, y), batch_size=10, shuffle=True)
print(next(iter(data_iter))[0].shape)
net = nn.Sequential(nn.Linear(2, 1))
net[0].weight.data.normal_(0, 0.01)
net[0].bias.data.fill_(0)
loss = nn.MSELoss()
trainer = torch.optim.SGD(net.parameters(), lr=0.03)
for epoch in range(3):
    for Xb, yb in data_iter:
        l = loss(net(Xb), yb)
        trainer.zero_grad()
        l.backward()
        trainer.step()
    l = loss(net(X), y)
    print(f"epoch {epoch + 1}, loss {l:f}")
print(net[0].weight.data, net[0].bias.data)

# %% huber_loss_option
import torch
from torch import nn

y_hat = torch.tensor([0.5, 2.0, -1.0])
y = torch.tensor([0.0, 0.0, 0.0])
print(nn.HuberLoss()(y_hat, y))
print(nn.SmoothL1Loss(beta=0.5)(y_hat, y))
print(nn.MSELoss(reduction="sum")(y_hat, y))

# %% normal_distribution_values
import math
import numpy as np
import torch


def normal(x, mu, sigma):
    p = 1 / math.sqrt(2 * math.pi * sigma**2)
    return p * np.exp(-0.5 / sigma**2 * (x - mu) ** 2)


x = torch.arange(-7, 7, 2.0)
print(x)
print(normal(x.numpy(), 0, 1).round(4))
print(torch.distributions.Normal(0.0, 1.0).log_prob(x).exp())

# %% vectorisation_timer_free
import torch

n = 1000
a = torch.ones(n)
b = torch.ones(n)
c = torch.zeros(n)
for i in range(n):
    c[i] = a[i] + b[i]
d = a + b
print(torch.equal(c, d), c[:3])

# %% softmax_from_scratch
import torch

torch.manual_seed(0)


def softmax(X):
    X_exp = torch.exp(X)
    partition = X_exp.sum(1, keepdim=True)
    return X_exp / partition


X = torch.normal(0, 1, (2, 5))
X_prob = softmax(X)
print(X_prob, X_prob.sum(1))

# %% sum_keepdim_example
import torch

X = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(X.sum(0, keepdim=True), X.sum(1, keepdim=True))
print(X.sum(0), X.sum(1))

# %% cross_entropy_pick
import torch

y = torch.tensor([0, 2])
y_hat = torch.tensor([[0.1, 0.3, 0.6], [0.3, 0.2, 0.5]])
print(y_hat[[0, 1], y])


def cross_entropy(y_hat, y):
    return -torch.log(y_hat[range(len(y_hat)), y])


print(cross_entropy(y_hat, y))

# %% accuracy_d2l
import torch

y = torch.tensor([0, 2])
y_hat = torch.tensor([[0.1, 0.3, 0.6], [0.3, 0.2, 0.5]])


def accuracy(y_hat, y):
    if len(y_hat.shape) > 1 and y_hat.shape[1] > 1:
        y_hat = y_hat.argmax(axis=1)
    cmp = y_hat.type(y.dtype) == y
    return float(cmp.type(y.dtype).sum())


print(accuracy(y_hat, y) / len(y))

# %% accumulator_class
import torch


class Accumulator:
    def __init__(self, n):
        self.data = [0.0] * n

    def add(self, *args):
        self.data = [a + float(b) for a, b in zip(self.data, args)]

    def __getitem__(self, idx):
        return self.data[idx]


m = Accumulator(2)
m.add(torch.tensor(3.0), 4)
m.add(torch.tensor([1.5]).sum(), 2)
print(m[0] / m[1])

# %% softmax_regression_scratch_train
import torch

torch.manual_seed(0)
num_inputs, num_outputs = 8, 3
W = torch.normal(0, 0.01, size=(num_inputs, num_outputs), requires_grad=True)
b = torch.zeros(num_outputs, requires_grad=True)
X = torch.randn(60, num_inputs)
y = (X[:, 0] > 0).long() + (X[:, 1] > 0.5).long()


def net(X):
    X_exp = torch.exp(X.reshape((-1, W.shape[0])) @ W + b)
    return X_exp / X_exp.sum(1, keepdim=True)


for epoch in range(5):
    for i in range(0, 60, 20):
        y_hat = net(X[i : i + 20])
        l = -torch.log(y_hat[range(20), y[i : i + 20]])
        l.mean().backward()
        with torch.no_grad():
            for p in (W, b):
                p -= 0.5 * p.grad
                p.grad.zero_()
    with torch.no_grad():
        acc = (net(X).argmax(1) == y).float().mean()
    print(epoch + 1, f"{acc:.3f}")

# %% softmax_concise_flatten
import torch
from torch import nn

torch.manual_seed(0)
net = nn.Sequential(nn.Flatten(), nn.Linear(12, 3))


def init_weights(m):
    if type(m) == nn.Linear:
        nn.init.normal_(m.weight, std=0.01)


net.apply(init_weights)
print(net)
X = torch.randn(4, 1, 3, 4)
print(net(X).shape)
loss = nn.CrossEntropyLoss(reduction="none")
print(loss(net(X), torch.tensor([0, 1, 2, 0])))

# %% softmax_overflow
import torch

X = torch.tensor([[100.0, 101.0, 102.0]])
naive = X.exp() / X.exp().sum(1, keepdim=True)
print(naive)
X = torch.tensor([[1000.0, 1001.0]])
print(X.exp() / X.exp().sum(1, keepdim=True))
print(torch.softmax(X, dim=1))

# %% log_sum_exp_trick
import torch

X = torch.tensor([[1000.0, 1001.0, 999.0]])
c = X.max(1, keepdim=True).values
print(c + (X - c).exp().sum(1, keepdim=True).log())
print(torch.logsumexp(X, 1))
print(X.exp().sum().log())

# %% relu_sigmoid_tanh_grads
import torch

x = torch.arange(-8.0, 8.0, 2.0, requires_grad=True)
y = torch.relu(x)
y.backward(torch.ones_like(x), retain_graph=True)
print(x.grad)
x.grad.data.zero_()
y = torch.sigmoid(x)
y.backward(torch.ones_like(x))
print(x.grad)
x.grad.zero_()
torch.tanh(x).backward(torch.ones_like(x))
print(x.grad)

# %% mlp_scratch_params
import torch
from torch import nn

torch.manual_seed(0)
num_inputs, num_outputs, num_hiddens = 16, 4, 8
W1 = nn.Parameter(torch.randn(num_inputs, num_hiddens, requires_grad=True) * 0.01)
b1 = nn.Parameter(torch.zeros(num_hiddens, requires_grad=True))
W2 = nn.Parameter(torch.randn(num_hiddens, num_outputs, requires_grad=True) * 0.01)
b2 = nn.Parameter(torch.zeros(num_outputs, requires_grad=True))
params = [W1, b1, W2, b2]
print(W1.shape, type(W1).__name__, W1.is_leaf)


def relu(X):
    a = torch.zeros_like(X)
    return torch.max(X, a)


def net(X):
    X = X.reshape((-1, num_inputs))
    H = relu(X @ W1 + b1)
    return H @ W2 + b2


print(net(torch.ones(2, 4, 4)))

# %% mlp_concise_train
import torch
from torch import nn

torch.manual_seed(0)
net = nn.Sequential(nn.Flatten(), nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
X = torch.randn(30, 2, 3)
y = torch.randint(0, 3, (30,))
loss = nn.CrossEntropyLoss()
trainer = torch.optim.SGD(net.parameters(), lr=0.1)
for epoch in range(4):
    trainer.zero_grad()
    l = loss(net(X), y)
    l.backward()
    trainer.step()
    print(f"epoch {epoch + 1}, loss {l.item():.4f}")

# %% polynomial_features
import math
import numpy as np
import torch

max_degree = 5
n_train, n_test = 4, 2
true_w = np.zeros(max_degree)
true_w[0:4] = np.array([5, 1.2, -3.4, 5.6])
features = np.linspace(-1, 1, n_train + n_test).reshape(-1, 1)
poly_features = np.power(features, np.arange(max_degree).reshape(1, -1))
for i in range(max_degree):
    poly_features[:, i] /= math.gamma(i + 1)
labels = np.dot(poly_features, true_w)
true_w, features, poly_features, labels = [torch.tensor(x, dtype=torch.float32) for x in [true_w, features, poly_features, labels]]
print(features[:2], poly_features[:2, :], labels[:2])

# %% dropout_layer_scratch
import torch

torch.manual_seed(0)


def dropout_layer(X, dropout):
    assert 0 <= dropout <= 1
    if dropout == 1:
        return torch.zeros_like(X)
    if dropout == 0:
        return X
    mask = (torch.rand(X.shape) > dropout).float()
    return mask * X / (1.0 - dropout)


X = torch.arange(16, dtype=torch.float32).reshape((2, 8))
print(X)
print(dropout_layer(X, 0.0))
print(dropout_layer(X, 0.5))
print(dropout_layer(X, 1.0))

# %% dropout_module_train_eval
import torch
from torch import nn

torch.manual_seed(0)
drop = nn.Dropout(0.5)
x = torch.ones(2, 6)
print(drop)
print(drop(x))
drop.eval()
print(drop(x))
print(drop.training)

# %% dropout_functional_training_flag
import torch
import torch.nn.functional as F

torch.manual_seed(1)
x = torch.ones(8)
print(F.dropout(x, p=0.25))
print(F.dropout(x, p=0.25, training=False))

# %% dropout_invalid_p
import torch
from torch import nn

try:
    nn.Dropout(1.5)
except ValueError as e:
    print(e)

# %% dropout_net_sequential
import torch
from torch import nn

torch.manual_seed(0)
net = nn.Sequential(nn.Flatten(), nn.Linear(4, 8), nn.ReLU(), nn.Dropout(0.2), nn.Linear(8, 8), nn.ReLU(), nn.Dropout(0.5), nn.Linear(8, 2))
print(net)
net.eval()
print(net(torch.ones(1, 4)))

# %% weight_decay_l2_penalty
import torch

torch.manual_seed(0)
n_train, num_inputs = 20, 50
true_w, true_b = torch.ones((num_inputs, 1)) * 0.01, 0.05
X = torch.normal(0, 1, (n_train, num_inputs))
y = X @ true_w + true_b + torch.normal(0, 0.01, (n_train, 1))
w = torch.normal(0, 1, size=(num_inputs, 1), requires_grad=True)
b = torch.zeros(1, requires_grad=True)


def l2_penalty(w):
    return torch.sum(w.pow(2)) / 2


for lambd in (0, 3):
    w.data.normal_(0, 1, generator=torch.Generator().manual_seed(1))
    b.data.zero_()
    for epoch in range(30):
        l = ((X @ w + b - y) ** 2 / 2).mean() + lambd * l2_penalty(w)
        l.backward()
        with torch.no_grad():
            w -= 0.01 * w.grad
            b -= 0.01 * b.grad
            w.grad.zero_()
            b.grad.zero_()
    print(f"lambda {lambd}: L2 norm of w: {torch.norm(w).item():.4f}")

# %% weight_decay_optimizer_param_groups
import torch
from torch import nn

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(5, 1))
trainer = torch.optim.SGD([{"params": net[0].weight, "weight_decay": 3}, {"params": net[0].bias}], lr=0.01)
print(len(trainer.param_groups))
print(trainer.param_groups[0]["weight_decay"], trainer.param_groups[1]["weight_decay"])
X = torch.randn(8, 5)
for _ in range(5):
    trainer.zero_grad()
    ((net(X) - 1) ** 2).mean().backward()
    trainer.step()
print(net[0].weight.norm().item() > 0, f"{net[0].bias.item():.4f}")

# %% weight_decay_matches_manual
import torch

w1 = torch.tensor([1.0, -2.0], requires_grad=True)
w2 = torch.tensor([1.0, -2.0], requires_grad=True)
opt = torch.optim.SGD([w1], lr=0.1, weight_decay=0.5)
loss = (w1 * torch.tensor([3.0, 1.0])).sum()
loss.backward()
opt.step()
loss2 = (w2 * torch.tensor([3.0, 1.0])).sum() + 0.25 * (w2**2).sum()
loss2.backward()
with torch.no_grad():
    w2 -= 0.1 * w2.grad
print(w1, w2)

# %% vanishing_sigmoid_grad
import torch

x = torch.arange(-8.0, 8.0, 0.1, requires_grad=True)
y = torch.sigmoid(x)
y.backward(torch.ones_like(x))
print(f"{x.grad.max().item():.4f} {x.grad[0].item():.6f}")

# %% exploding_matrix_product
import torch

torch.manual_seed(0)
M = torch.normal(0, 1, size=(4, 4))
print("a single matrix\n", M)
for i in range(100):
    M = M @ torch.normal(0, 1, size=(4, 4))
print("after multiplying 100 matrices\n", M)

# %% xavier_uniform_init
import torch
from torch import nn

torch.manual_seed(0)
net = nn.Linear(4, 3)
nn.init.xavier_uniform_(net.weight)
nn.init.zeros_(net.bias)
print(net.weight)
print(net.bias)
bound = (6 / (4 + 3)) ** 0.5
print(f"{bound:.4f}", net.weight.abs().max().item() <= bound)

# %% init_normal_and_constant
import torch
from torch import nn

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))


def init_normal(m):
    if type(m) == nn.Linear:
        nn.init.normal_(m.weight, mean=0, std=0.01)
        nn.init.zeros_(m.bias)


def init_constant(m):
    if type(m) == nn.Linear:
        nn.init.constant_(m.weight, 1)
        nn.init.zeros_(m.bias)


net.apply(init_normal)
print(net[0].weight.data[0], net[0].bias.data[0])
net.apply(init_constant)
print(net[0].weight.data[0], net[0].bias.data[0])

# %% kaiming_normal_relu
import torch
from torch import nn

torch.manual_seed(0)
w = torch.empty(500, 400)
nn.init.kaiming_normal_(w, mode="fan_in", nonlinearity="relu")
print(f"{w.std().item():.3f} {(2 / 400) ** 0.5:.3f}")
nn.init.kaiming_uniform_(w, a=5**0.5)
print(f"{w.abs().max().item():.4f}")

# %% custom_init_abs_ge_5
import torch
from torch import nn

torch.manual_seed(0)


def my_init(m):
    if type(m) == nn.Linear:
        print("Init", *[(name, param.shape) for name, param in m.named_parameters()][0])
        nn.init.uniform_(m.weight, -10, 10)
        m.weight.data *= m.weight.data.abs() >= 5


net = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 1))
net.apply(my_init)
print(net[0].weight[:2])

# %% tied_parameters
import torch
from torch import nn

torch.manual_seed(0)
shared = nn.Linear(8, 8)
net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), shared, nn.ReLU(), shared, nn.ReLU(), nn.Linear(8, 1))
print(net[2].weight.data[0] == net[4].weight.data[0])
net[2].weight.data[0, 0] = 100
print(net[2].weight.data[0] == net[4].weight.data[0])
print(len(list(net.parameters())))

# %% parameter_access
import torch
from torch import nn

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
print(net[2].state_dict())
print(type(net[2].bias))
print(net[2].bias)
print(net[2].bias.data)
print(net[2].weight.grad is None)
print(*[(name, param.shape) for name, param in net.named_parameters()])

# %% nested_block_repr
import torch
from torch import nn


def block1():
    return nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4), nn.ReLU())


def block2():
    net = nn.Sequential()
    for i in range(2):
        net.add_module(f"block {i}", block1())
    return net


rgnet = nn.Sequential(block2(), nn.Linear(4, 1))
print(rgnet)

# %% fixed_hidden_mlp
import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)


class FixedHiddenMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.rand_weight = torch.rand((20, 20), requires_grad=False)
        self.linear = nn.Linear(20, 20)

    def forward(self, X):
        X = self.linear(X)
        X = F.relu(torch.mm(X, self.rand_weight) + 1)
        X = self.linear(X)
        while X.abs().sum() > 1:
            X /= 2
        return X.sum()


net = FixedHiddenMLP()
print(net(torch.rand(2, 20)))

# %% centered_layer
import torch
from torch import nn


class CenteredLayer(nn.Module):
    def forward(self, X):
        return X - X.mean()


layer = CenteredLayer()
print(layer(torch.tensor([1.0, 2, 3, 4, 5])))
torch.manual_seed(0)
net = nn.Sequential(nn.Linear(8, 128), CenteredLayer())
Y = net(torch.rand(4, 8))
print(f"{Y.mean().item():.1e}" if abs(Y.mean().item()) > 1e-6 else "close to zero")

# %% my_linear_parameter
import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)


class MyLinear(nn.Module):
    def __init__(self, in_units, units):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(in_units, units))
        self.bias = nn.Parameter(torch.randn(units))

    def forward(self, X):
        linear = torch.matmul(X, self.weight.data) + self.bias.data
        return F.relu(linear)


linear = MyLinear(5, 3)
print(linear.weight)
print(linear(torch.rand(2, 5)))

# %% save_load_tensor
import io
import torch

x = torch.arange(4)
buf = io.BytesIO()
torch.save(x, buf)
buf.seek(0)
x2 = torch.load(buf)
print(x2)
buf = io.BytesIO()
torch.save({"x": x, "y": torch.zeros(4)}, buf)
buf.seek(0)
print(torch.load(buf))

# %% save_load_state_dict_clone
import io
import torch
from torch import nn

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 1))
X = torch.randn(2, 4)
Y = net(X)
buf = io.BytesIO()
torch.save(net.state_dict(), buf)
buf.seek(0)
clone = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 1))
print(clone.load_state_dict(torch.load(buf)))
print(clone.eval()[0])
print(clone(X) == Y)

# %% arange_linspace_plot_data
import torch

x = torch.arange(0.0, 3.0, 0.5)
print(x)
print(torch.linspace(0, 1, 5))
print(torch.linspace(-1, 1, 4, dtype=torch.float64))
print(torch.arange(5), torch.arange(1, 2.5, 0.5))

# %% numerical_gradient_vs_autograd_f
import numpy as np
import torch


def f(x):
    return 3 * x**2 - 4 * x


for h in 10.0 ** np.arange(-1, -6, -1):
    print(f"h={h:.5f}, numerical limit={(f(1 + h) - f(1)) / h:.5f}")
x = torch.tensor(1.0, requires_grad=True)
f(x).backward()
print(x.grad)

# %% detach_u_x
import torch

x = torch.arange(4.0, requires_grad=True)
y = x * x
u = y.detach()
z = u * x
z.sum().backward()
print(x.grad == u)
x.grad.zero_()
y.sum().backward()
print(x.grad == 2 * x)

# %% control_flow_grad
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


torch.manual_seed(0)
a = torch.randn(size=(), requires_grad=True)
d = f(a)
d.backward()
print(a.grad == d / a)

# %% backward_non_scalar_gradient_arg
import torch

x = torch.arange(4.0, requires_grad=True)
y = x * x
y.backward(gradient=torch.ones(len(y)))
print(x.grad)

# %% sum_to_scalar_then_grad
import torch

x = torch.arange(4.0)
x.requires_grad_(True)
print(x.grad)
y = 2 * torch.dot(x, x)
print(y)
y.backward()
print(x.grad, x.grad == 4 * x)
x.grad.zero_()
y = x.sum()
y.backward()
print(x.grad)

# %% nan_loss_from_large_lr
import torch

torch.manual_seed(0)
X = torch.randn(10, 3) * 10
y = torch.randn(10, 1)
w = torch.zeros(3, 1, requires_grad=True)
for i in range(30):
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 1.0 * w.grad
        w.grad.zero_()
print(loss, torch.isnan(loss).item() or torch.isinf(loss).item())

# %% batch_norm_module_train
import torch
from torch import nn

torch.manual_seed(0)
bn = nn.BatchNorm1d(3)
x = torch.randn(6, 3) * 2 + 5
y = bn(x)
print(y.mean(0))
print(bn.running_mean)
print(bn.running_var)
print(bn.num_batches_tracked)

# %% layer_norm_module
import torch
from torch import nn

torch.manual_seed(0)
ln = nn.LayerNorm(4)
x = torch.randn(2, 4)
print(ln(x))
print(ln)

# %% covariate_stats_per_feature
import torch

torch.manual_seed(0)
X = torch.randn(100, 3) * torch.tensor([1.0, 10.0, 0.1]) + torch.tensor([0.0, 5.0, -1.0])
mean = X.mean(0)
std = X.std(0)
Xn = (X - mean) / std
print(mean, std)
print(Xn.mean(0).abs().max().item() < 1e-5, Xn.std(0))

# %% log_rmse_clamp
import torch
from torch import nn

preds = torch.tensor([[0.5], [2.0], [100.0]])
labels = torch.tensor([[1.0], [2.0], [80.0]])
clipped = torch.clamp(preds, 1, float("inf"))
rmse = torch.sqrt(nn.MSELoss()(torch.log(clipped), torch.log(labels)))
print(clipped.T, rmse)

# %% k_fold_slices
import torch

X = torch.arange(20.0).reshape(10, 2)
k = 5
fold_size = X.shape[0] // k
for j in range(k):
    idx = slice(j * fold_size, (j + 1) * fold_size)
    print(j, X[idx].flatten().tolist())
