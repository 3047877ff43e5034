# Snippets in the spirit of d2l.ai chapter 3 (linear regression): the normal
# distribution, synthetic data, the from-scratch model and the concise one,
# weight decay.  Data is fixed (not random) unless a seed is the point.

# %% normal_pdf
import math

import torch


def normal(x, mu, sigma):
    p = 1 / math.sqrt(2 * math.pi * sigma**2)
    return p * torch.exp(-0.5 * (x - mu) ** 2 / sigma**2)


x = torch.arange(-2, 2.5, 1.0)
for mu, sigma in [(0, 1), (0, 2), (3, 1)]:
    print(normal(x, mu, sigma))

# %% synthetic_data_shapes
import torch


def synthetic_data(w, b, num_examples):
    X = torch.randn(num_examples, len(w))
    y = torch.matmul(X, w) + b
    y += torch.normal(0, 0.01, y.shape)
    return X, y.reshape((-1, 1))


true_w = torch.tensor([2, -3.4])
true_b = 4.2
features, labels = synthetic_data(true_w, true_b, 1000)
print("features:", features.shape, "\nlabel:", labels.shape)

# %% linreg_from_scratch
import torch

X = torch.linspace(-1, 1, 20).reshape(10, 2)
true_w = torch.tensor([2, -3.4])
y = (X @ true_w + 4.2).reshape(-1, 1)
w = torch.zeros((2, 1), requires_grad=True)
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


for epoch in range(3):
    for i in range(0, 10, 5):
        l = squared_loss(linreg(X[i : i + 5], w, b), y[i : i + 5])
        l.sum().backward()
        sgd([w, b], 0.3, 5)
    with torch.no_grad():
        train_l = squared_loss(linreg(X, w, b), y)
        print(f"epoch {epoch + 1}, loss {float(train_l.mean()):f}")
print(w.reshape(-1), b)

# %% linreg_error_in_estimates
import torch

true_w = torch.tensor([2, -3.4])
w = torch.tensor([[1.9], [-3.3]])
print(f"error in estimating w: {true_w - w.reshape(true_w.shape)}")
print(f"error in estimating b: {4.2 - 4.1}")

# %% data_iter_slices
import torch

features = torch.arange(20.0).reshape(10, 2)
labels = torch.arange(10.0).reshape(10, 1)
batch_size = 4
indices = list(range(10))
for i in range(0, 10, batch_size):
    batch_indices = torch.tensor(indices[i : min(i + batch_size, 10)])
    print(features[batch_indices].shape, labels[batch_indices].reshape(-1))

# %% concise_linear_mse
import torch
from torch import nn

net = nn.Sequential(nn.Linear(2, 1))
net[0].weight.data.fill_(0.0)
net[0].bias.data.fill_(0)
X = torch.tensor([[1.0, 2.0], [3.0, -1.0], [0.0, 0.5], [2.0, 2.0]])
y = X @ torch.tensor([[2.0], [-3.4]]) + 4.2
loss = nn.MSELoss()
trainer = torch.optim.SGD(net.parameters(), lr=0.03)
for epoch in range(3):
    l = loss(net(X), y)
    trainer.zero_grad()
    l.backward()
    trainer.step()
    print(f"epoch {epoch + 1}, loss {l:f}")

# %% concise_weight_init_normal
import torch
from torch import nn

net = nn.Sequential(nn.Linear(2, 1))
net[0].weight.data.normal_(0, 0.01)
net[0].bias.data.fill_(0)
print(net[0].weight.shape, net[0].bias)

# %% concise_get_w_b
import torch
from torch import nn

net = nn.Linear(2, 1)
with torch.no_grad():
    net.weight.copy_(torch.tensor([[1.5, -2.0]]))
    net.bias.fill_(0.5)
w, b = net.weight.data, net.bias.data
print(w, b)
print("error in estimating w:", torch.tensor([2, -3.4]) - w.reshape(2))

# %% huber_loss
import torch
from torch import nn

pred = torch.tensor([0.5, 2.0, -1.0])
target = torch.tensor([0.0, 0.0, 0.0])
print(nn.HuberLoss()(pred, target))
print(nn.SmoothL1Loss()(pred, target))
print(nn.L1Loss()(pred, target))

# %% mse_reductions
import torch
from torch import nn

pred = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
target = torch.zeros(2, 2)
print(nn.MSELoss()(pred, target))
print(nn.MSELoss(reduction="sum")(pred, target))
print(nn.MSELoss(reduction="none")(pred, target))

# %% mse_functional_shapes_warning
import torch
import torch.nn.functional as F

pred = torch.tensor([[1.0], [2.0], [3.0]])
target = torch.tensor([1.0, 2.0, 4.0])
print(F.mse_loss(pred, target))

# %% l2_penalty
import torch


def l2_penalty(w):
    return torch.sum(w.pow(2)) / 2


w = torch.tensor([[1.0], [-2.0], [0.5]], requires_grad=True)
p = l2_penalty(w)
p.backward()
print(p, w.grad)

# %% weight_decay_sgd
import torch
from torch import nn

net = nn.Linear(3, 1)
with torch.no_grad():
    net.weight.fill_(1.0)
    net.bias.fill_(0.0)
trainer = torch.optim.SGD([{"params": net.weight, "weight_decay": 0.1}, {"params": net.bias}], lr=0.1)
X = torch.ones(4, 3)
y = torch.zeros(4, 1)
for _ in range(2):
    trainer.zero_grad()
    l = ((net(X) - y) ** 2).mean()
    l.backward()
    trainer.step()
print(net.weight.data, net.bias.data)

# %% weight_decay_param_groups_repr
import torch
from torch import nn

net = nn.Linear(3, 1)
trainer = torch.optim.SGD([{"params": net.weight, "weight_decay": 0.1}, {"params": net.bias}], lr=0.1)
print(len(trainer.param_groups), trainer.param_groups[0]["weight_decay"], trainer.param_groups[1]["weight_decay"])

# %% softmax_from_scratch
import torch


def softmax(X):
    X_exp = torch.exp(X)
    partition = X_exp.sum(1, keepdims=True)
    return X_exp / partition


X = torch.tensor([[1.0, 2.0, 3.0], [0.5, 0.5, 0.5]])
X_prob = softmax(X)
print(X_prob, X_prob.sum(1))

# %% cross_entropy_from_scratch
import torch

y = torch.tensor([0, 2])
y_hat = torch.tensor([[0.1, 0.3, 0.6], [0.3, 0.2, 0.5]])
print(y_hat[[0, 1], y])


def cross_entropy(y_hat, y):
    return -torch.log(y_hat[list(range(len(y_hat))), y]).mean()


print(cross_entropy(y_hat, y))

# %% accuracy_fn
import torch


def accuracy(y_hat, y):
    y_hat = y_hat.argmax(axis=1)
    cmp = y_hat.type(y.dtype) == y
    return float(cmp.type(y.dtype).sum())


y = torch.tensor([0, 2])
y_hat = torch.tensor([[0.1, 0.3, 0.6], [0.3, 0.2, 0.5]])
print(accuracy(y_hat, y) / len(y))

# %% cross_entropy_builtin
import torch
from torch import nn

logits = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 3.0]], requires_grad=True)
y = torch.tensor([0, 2])
loss = nn.CrossEntropyLoss()(logits, y)
print(loss)
loss.backward()
print(logits.grad)

# %% cross_entropy_reduction_none
import torch
import torch.nn.functional as F

logits = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 3.0]])
y = torch.tensor([0, 2])
print(F.cross_entropy(logits, y, reduction="none"))

# %% cross_entropy_float_targets_probabilities
import torch
import torch.nn.functional as F

logits = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 3.0]])
probs = torch.tensor([[0.7, 0.2, 0.1], [0.0, 0.0, 1.0]])
print(F.cross_entropy(logits, probs))

# %% cross_entropy_float_class_targets
import torch
import torch.nn.functional as F

logits = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 3.0]])
y = torch.tensor([0.0, 2.0])
print(F.cross_entropy(logits, y))

# %% cross_entropy_double_backward_name
import torch
import torch.nn.functional as F

logits = torch.tensor([[2.0, 0.5, -1.0]], requires_grad=True)
loss = F.cross_entropy(logits, torch.tensor([1]))
(g,) = torch.autograd.grad(loss, logits, create_graph=True)
print(g)

# %% log_softmax_nll
import torch
import torch.nn.functional as F

logits = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 3.0]])
y = torch.tensor([0, 2])
print(F.nll_loss(F.log_softmax(logits, dim=1), y))

# %% softmax_regression_training
import torch
from torch import nn

X = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [-1.0, 0.5]])
y = torch.tensor([0, 1, 1, 0])
net = nn.Linear(2, 2)
with torch.no_grad():
    net.weight.zero_()
    net.bias.zero_()
opt = torch.optim.SGD(net.parameters(), lr=0.5)
loss_fn = nn.CrossEntropyLoss()
for epoch in range(20):
    opt.zero_grad()
    l = loss_fn(net(X), y)
    l.backward()
    opt.step()
print(f"{l.item():.4f}")
print((net(X).argmax(1) == y).float().mean())

# %% sgd_manual_loop_minibatch
import torch

X = torch.tensor([[1.0], [2.0], [3.0], [4.0]])
y = 2 * X + 1
w = torch.tensor([[0.0]], requires_grad=True)
b = torch.tensor([0.0], requires_grad=True)
for epoch in range(50):
    l = ((X @ w + b - y) ** 2).mean()
    l.backward()
    with torch.no_grad():
        w -= 0.05 * w.grad
        b -= 0.05 * b.grad
    w.grad.zero_()
    b.grad.zero_()
print(f"w={w.item():.3f} b={b.item():.3f} loss={l.item():.5f}")

# %% linear_predict_eval_no_grad
import torch
from torch import nn

net = nn.Linear(1, 1)
with torch.no_grad():
    net.weight.fill_(2.0)
    net.bias.fill_(1.0)
net.eval()
with torch.no_grad():
    print(net(torch.tensor([[3.0]])))

# %% multi_output_linear_shapes
import torch
from torch import nn

net = nn.Linear(4, 3)
print(net.weight.shape, net.bias.shape)
print(net(torch.zeros(5, 4)).shape)
print(net(torch.zeros(4)).shape)

# %% linear_no_bias
import torch
from torch import nn

net = nn.Linear(3, 2, bias=False)
print(net.bias)
print([n for n, _ in net.named_parameters()])

# %% linear_state_dict
import torch
from torch import nn

net = nn.Linear(2, 1)
with torch.no_grad():
    net.weight.copy_(torch.tensor([[1.0, 2.0]]))
    net.bias.fill_(-1.0)
print(net.state_dict())
print(list(net.state_dict().keys()))

# %% load_state_dict
import torch
from torch import nn

a = nn.Linear(2, 1)
b = nn.Linear(2, 1)
with torch.no_grad():
    a.weight.fill_(3.0)
    a.bias.fill_(1.0)
print(b.load_state_dict(a.state_dict()))
print(b.weight, b.bias)

# %% init_constant_and_zeros
import torch
from torch import nn

net = nn.Linear(3, 2)
nn.init.constant_(net.weight, 0.5)
nn.init.zeros_(net.bias)
print(net.weight, net.bias)

# %% init_xavier_shapes
import torch
from torch import nn

net = nn.Linear(30, 20)
nn.init.xavier_uniform_(net.weight)
bound = (6 / 50) ** 0.5
print(bool((net.weight.abs() <= bound).all()))

# %% sequential_apply_init
import torch
from torch import nn


def init_weights(m):
    if type(m) == nn.Linear:
        nn.init.ones_(m.weight)
        nn.init.zeros_(m.bias)


net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
net.apply(init_weights)
print(net(torch.tensor([[1.0, -2.0]])))
