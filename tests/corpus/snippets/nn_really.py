# Step-by-step refactoring of a training loop, in the spirit of the tutorial
# "What is torch.nn really?": by hand, then nn.Module, nn.Linear, optim,
# Dataset/DataLoader and a small CNN, on random data instead of MNIST.

# %% manual_weights_init
import math
import torch

torch.manual_seed(0)
weights = torch.randn(6, 3) / math.sqrt(6)
weights.requires_grad_()
bias = torch.zeros(3, requires_grad=True)
print(weights.shape, weights.requires_grad, weights.is_leaf)
print(bias)

# %% manual_log_softmax_model
import torch

torch.manual_seed(0)
weights = torch.randn(4, 3, requires_grad=True)
bias = torch.zeros(3, requires_grad=True)


def log_softmax(x):
    return x - x.exp().sum(-1).log().unsqueeze(-1)


def model(xb):
    return log_softmax(xb @ weights + bias)


xb = torch.randn(5, 4)
preds = model(xb)
print(preds[0], preds.shape)

# %% manual_nll
import torch

torch.manual_seed(1)
preds = torch.randn(4, 3).log_softmax(-1)
target = torch.tensor([0, 2, 1, 2])


def nll(input, target):
    return -input[range(target.shape[0]), target].mean()


print(nll(preds, target))

# %% manual_accuracy
import torch

torch.manual_seed(2)
out = torch.randn(8, 3)
yb = torch.tensor([0, 1, 2, 0, 1, 2, 0, 1])


def accuracy(out, yb):
    preds = torch.argmax(out, dim=1)
    return (preds == yb).float().mean()


print(accuracy(out, yb))
print(torch.argmax(out, dim=1))

# %% manual_training_loop
import torch

torch.manual_seed(0)
x_train = torch.randn(64, 4)
y_train = (x_train[:, 0] > 0).long() + (x_train[:, 1] > 0).long()
weights = (torch.randn(4, 3) / 2).requires_grad_()
bias = torch.zeros(3, requires_grad=True)
lr, bs = 0.5, 16
for epoch in range(3):
    for i in range(0, 64, bs):
        xb, yb = x_train[i : i + bs], y_train[i : i + bs]
        pred = (xb @ weights + bias).log_softmax(-1)
        loss = -pred[range(yb.shape[0]), yb].mean()
        loss.backward()
        with torch.no_grad():
            weights -= weights.grad * lr
            bias -= bias.grad * lr
            weights.grad.zero_()
            bias.grad.zero_()
    print(epoch, f"{loss.item():.4f}")

# %% functional_cross_entropy_same_as_manual
import torch
import torch.nn.functional as F

torch.manual_seed(0)
logits = torch.randn(5, 3)
yb = torch.tensor([0, 1, 2, 1, 0])
manual = -logits.log_softmax(-1)[range(5), yb].mean()
print(F.cross_entropy(logits, yb), manual)
print(torch.allclose(F.cross_entropy(logits, yb), manual))

# %% module_with_parameters
import math
import torch
from torch import nn

torch.manual_seed(0)


class LogisticModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.weights = nn.Parameter(torch.randn(4, 3) / math.sqrt(4))
        self.bias = nn.Parameter(torch.zeros(3))

    def forward(self, xb):
        return xb @ self.weights + self.bias


model = LogisticModel()
print(model)
for name, p in model.named_parameters():
    print(name, p.shape)

# %% module_fit_loop
import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)


class LogisticModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.weights = nn.Parameter(torch.randn(4, 3) / 2)
        self.bias = nn.Parameter(torch.zeros(3))

    def forward(self, xb):
        return xb @ self.weights + self.bias


x = torch.randn(32, 4)
y = torch.randint(0, 3, (32,))
model = LogisticModel()
print(f"before {F.cross_entropy(model(x), y).item():.4f}")
for epoch in range(20):
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p -= p.grad * 0.5
        model.zero_grad()
print(f"after {loss.item():.4f}")

# %% zero_grad_sets_none
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 2)
model(torch.randn(4, 3)).sum().backward()
print(model.weight.grad is None)
model.zero_grad()
print(model.weight.grad)

# %% nn_linear_repr_and_params
import torch
from torch import nn

torch.manual_seed(0)
lin = nn.Linear(4, 3)
print(lin)
print(lin.weight.shape, lin.bias.shape)
print(lin.weight)
print(lin.bias)

# %% nn_linear_model_class
import torch
from torch import nn

torch.manual_seed(0)


class Mnist_Logistic(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 3)

    def forward(self, xb):
        return self.lin(xb)


model = Mnist_Logistic()
print(model)
print(model(torch.randn(2, 8)))

# %% optim_sgd_refactor
import torch
import torch.nn.functional as F
from torch import nn, optim

torch.manual_seed(0)
x = torch.randn(48, 5)
y = torch.randint(0, 3, (48,))
model = nn.Linear(5, 3)
opt = optim.SGD(model.parameters(), lr=0.5)
for epoch in range(4):
    for i in range(0, 48, 16):
        loss = F.cross_entropy(model(x[i : i + 16]), y[i : i + 16])
        loss.backward()
        opt.step()
        opt.zero_grad()
    print(f"epoch {epoch} loss {loss.item():.4f}")

# %% optim_repr
import torch
from torch import nn, optim

torch.manual_seed(0)
model = nn.Linear(2, 1)
opt = optim.SGD(model.parameters(), lr=0.1)
print(opt)

# %% tensor_dataset_index
import torch
from torch.utils.data import TensorDataset

x = torch.arange(12.0).reshape(6, 2)
y = torch.tensor([0, 1, 0, 1, 1, 0])
ds = TensorDataset(x, y)
print(len(ds))
print(ds[0])
xb, yb = ds[2:4]
print(xb, yb)

# %% dataloader_no_shuffle
import torch
from torch.utils.data import DataLoader, TensorDataset

x = torch.arange(10.0).reshape(5, 2)
y = torch.arange(5)
dl = DataLoader(TensorDataset(x, y), batch_size=2)
print(len(dl))
for xb, yb in dl:
    print(xb.shape, yb)

# %% dataloader_shuffle_seeded
import torch
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
ds = TensorDataset(torch.arange(8))
dl = DataLoader(ds, batch_size=3, shuffle=True)
for (xb,) in dl:
    print(xb)

# %% dataloader_drop_last
import torch
from torch.utils.data import DataLoader, TensorDataset

ds = TensorDataset(torch.arange(7.0))
print(len(DataLoader(ds, batch_size=3)))
print(len(DataLoader(ds, batch_size=3, drop_last=True)))
print([b[0].tolist() for b in DataLoader(ds, batch_size=3, drop_last=True)])

# %% fit_with_dataloader
import torch
import torch.nn.functional as F
from torch import nn, optim
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
x = torch.randn(40, 3)
y = (x.sum(1) > 0).long()
train_dl = DataLoader(TensorDataset(x, y), batch_size=8)
model = nn.Linear(3, 2)
opt = optim.SGD(model.parameters(), lr=0.3)
for epoch in range(3):
    for xb, yb in train_dl:
        loss = F.cross_entropy(model(xb), yb)
        loss.backward()
        opt.step()
        opt.zero_grad()
    print(epoch, round(loss.item(), 4))

# %% validation_no_grad
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
x_valid = torch.randn(20, 3)
y_valid = torch.randint(0, 2, (20,))
valid_dl = DataLoader(TensorDataset(x_valid, y_valid), batch_size=10)
model = nn.Linear(3, 2)
model.eval()
with torch.no_grad():
    valid_loss = sum(F.cross_entropy(model(xb), yb) for xb, yb in valid_dl)
print(valid_loss / len(valid_dl))
print(valid_loss.requires_grad)

# %% get_model_fit_functions
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn, optim

torch.manual_seed(0)


def get_model():
    model = nn.Linear(4, 3)
    return model, optim.SGD(model.parameters(), lr=0.2)


def loss_batch(model, loss_func, xb, yb, opt=None):
    loss = loss_func(model(xb), yb)
    if opt is not None:
        loss.backward()
        opt.step()
        opt.zero_grad()
    return loss.item(), len(xb)


x = torch.randn(30, 4)
y = torch.randint(0, 3, (30,))
model, opt = get_model()
for epoch in range(2):
    for i in range(0, 30, 10):
        loss_batch(model, F.cross_entropy, x[i : i + 10], y[i : i + 10], opt)
    with torch.no_grad():
        losses, nums = zip(*[loss_batch(model, F.cross_entropy, x[i : i + 10], y[i : i + 10]) for i in range(0, 30, 10)])
    print(epoch, f"{np.sum(np.multiply(losses, nums)) / np.sum(nums):.4f}")

# %% cnn_conv_layers_shapes
import torch
from torch import nn

torch.manual_seed(0)
conv1 = nn.Conv2d(1, 4, kernel_size=3, stride=2, padding=1)
conv2 = nn.Conv2d(4, 6, kernel_size=3, stride=2, padding=1)
xb = torch.randn(2, 1, 8, 8)
h = conv1(xb)
print(conv1)
print(h.shape)
print(conv2(h).shape)

# %% cnn_avg_pool_functional
import torch
import torch.nn.functional as F

x = torch.arange(16.0).reshape(1, 1, 4, 4)
print(F.avg_pool2d(x, 2))

# %% cnn_mnist_like_class
import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)


class Mnist_CNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, kernel_size=3, stride=2, padding=1)
        self.conv2 = nn.Conv2d(4, 3, kernel_size=3, stride=2, padding=1)

    def forward(self, xb):
        xb = xb.view(-1, 1, 8, 8)
        xb = F.relu(self.conv1(xb))
        xb = F.relu(self.conv2(xb))
        return xb.view(-1, xb.size(1), 4).mean(-1)


model = Mnist_CNN()
out = model(torch.randn(3, 64))
print(out.shape)
print(out)

# %% cnn_train_two_steps
import torch
import torch.nn.functional as F
from torch import nn, optim

torch.manual_seed(0)
model = nn.Sequential(
    nn.Conv2d(1, 3, kernel_size=3, padding=1),
    nn.ReLU(),
    nn.MaxPool2d(2),
)
head = nn.Linear(3 * 3 * 3, 2)
opt = optim.SGD(list(model.parameters()) + list(head.parameters()), lr=0.1, momentum=0.9)
x = torch.randn(4, 1, 6, 6)
y = torch.tensor([0, 1, 1, 0])
for step in range(3):
    loss = F.cross_entropy(head(model(x).view(4, -1)), y)
    loss.backward()
    opt.step()
    opt.zero_grad()
    print(step, f"{loss.item():.4f}")

# %% lambda_layer
import torch
from torch import nn


class Lambda(nn.Module):
    def __init__(self, func):
        super().__init__()
        self.func = func

    def forward(self, x):
        return self.func(x)


def preprocess(x):
    return x.view(-1, 1, 2, 2)


model = nn.Sequential(Lambda(preprocess), Lambda(lambda x: x.sum((2, 3))))
print(model)
print(model(torch.arange(8.0)))

# %% sequential_indexing
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
print(model[0])
print(model[-1].weight.shape)
print(len(model))
print(sum(p.numel() for p in model.parameters()))

# %% view_minus_one
import torch

xb = torch.arange(24.0)
print(xb.view(-1, 1, 4, 6).shape)
print(xb.view(2, -1).shape)
try:
    xb.view(5, -1)
except RuntimeError as e:
    print(e)

# %% argmax_accuracy_batch
import torch

torch.manual_seed(3)
preds = torch.randn(6, 4)
yb = torch.tensor([1, 3, 0, 2, 1, 0])
print((preds.argmax(1) == yb).float().mean().item())
print(preds.max(1))

# %% x_train_stats
import torch

torch.manual_seed(0)
x_train = torch.rand(100, 5)
print(x_train.shape, x_train.dtype)
print(x_train.min(), x_train.max())
print(f"{x_train.mean():.4f} {x_train.std():.4f}")

# %% map_to_tensor
import numpy as np
import torch

x_train = np.array([[0.0, 1.0], [2.0, 3.0]], dtype=np.float32)
y_train = np.array([1, 0])
x_train, y_train = map(torch.tensor, (x_train, y_train))
print(x_train, y_train)
print(x_train.dtype, y_train.dtype)

# %% wrapped_dataloader
import torch
from torch.utils.data import DataLoader, TensorDataset


class WrappedDataLoader:
    def __init__(self, dl, func):
        self.dl = dl
        self.func = func

    def __len__(self):
        return len(self.dl)

    def __iter__(self):
        for b in self.dl:
            yield self.func(*b)


dl = DataLoader(TensorDataset(torch.arange(12.0), torch.arange(12)), batch_size=4)
wrapped = WrappedDataLoader(dl, lambda x, y: (x.view(-1, 2, 2), y))
for xb, yb in wrapped:
    print(xb.shape, yb.tolist())

# %% adaptive_avg_pool_head
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Conv2d(1, 2, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
print(model(torch.randn(1, 1, 4, 4)).shape)

# %% logsoftmax_module_vs_nll
import torch
from torch import nn

torch.manual_seed(0)
logits = torch.randn(3, 4)
target = torch.tensor([3, 0, 1])
print(nn.NLLLoss()(nn.LogSoftmax(dim=1)(logits), target))
print(nn.CrossEntropyLoss()(logits, target))

# %% model_state_dict_keys
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
sd = model.state_dict()
print(list(sd.keys()))
print(sd["0.bias"])
