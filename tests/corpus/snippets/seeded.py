# Seeded randomness: what tutorials print after torch.manual_seed.  The numbers
# depend on PyTorch's generator, so these compare the generator itself.

# %% randn_after_seed
import torch

torch.manual_seed(0)
print(torch.randn(3))

# %% rand_after_seed
import torch

torch.manual_seed(42)
print(torch.rand(2, 3))

# %% randint_after_seed
import torch

torch.manual_seed(1)
print(torch.randint(0, 10, (5,)))

# %% randperm_after_seed
import torch

torch.manual_seed(0)
print(torch.randperm(6))

# %% normal_after_seed
import torch

torch.manual_seed(0)
print(torch.normal(0.0, 1.0, size=(3,)))
print(torch.normal(torch.zeros(2), torch.ones(2)))

# %% seed_repeatable
import torch

torch.manual_seed(123)
a = torch.randn(4)
torch.manual_seed(123)
b = torch.randn(4)
print(torch.equal(a, b))

# %% linear_init_after_seed
import torch
from torch import nn

torch.manual_seed(0)
lin = nn.Linear(3, 2)
print(lin.weight)
print(lin.bias)

# %% sequential_init_after_seed
import torch
from torch import nn

torch.manual_seed(1)
net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
print(net(torch.ones(1, 2)))

# %% dropout_train_after_seed
import torch
from torch import nn

torch.manual_seed(0)
d = nn.Dropout(0.5)
print(d(torch.ones(8)))

# %% functional_dropout_after_seed
import torch
import torch.nn.functional as F

torch.manual_seed(0)
print(F.dropout(torch.ones(6), p=0.5, training=True))

# %% dataloader_shuffle_after_seed
import torch
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
ds = TensorDataset(torch.arange(6))
print([b[0].tolist() for b in DataLoader(ds, batch_size=2, shuffle=True)])

# %% generator_object
import torch

g = torch.Generator().manual_seed(7)
print(torch.rand(3, generator=g))

# %% synthetic_data_seeded
import torch

torch.manual_seed(0)
w = torch.tensor([2, -3.4])
X = torch.normal(0, 1, (4, 2))
y = X @ w + 4.2
print(X)
print(y)

# %% linear_regression_seeded_training
import torch
from torch import nn

torch.manual_seed(0)
X = torch.randn(20, 2)
y = X @ torch.tensor([2.0, -3.4]) + 4.2
net = nn.Linear(2, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for _ in range(50):
    opt.zero_grad()
    loss = ((net(X).squeeze(1) - y) ** 2).mean()
    loss.backward()
    opt.step()
print(f"{loss.item():.6f}")
print(net.weight.data.round(decimals=2), net.bias.data.round(decimals=2))

# %% tutorial_w_b_randn_grads
import torch

torch.manual_seed(0)
x = torch.ones(5)
y = torch.zeros(3)
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
z = torch.matmul(x, w) + b
loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y)
loss.backward()
print(w.grad)
print(b.grad)

# %% seeded_randn_stats
import torch

torch.manual_seed(0)
x = torch.randn(10000)
print(round(x.mean().item(), 1), round(x.std().item(), 1))

# %% seeded_rand_range
import torch

torch.manual_seed(3)
x = torch.rand(1000)
print(bool((x >= 0).all() and (x < 1).all()))

# %% seeded_randn_like
import torch

torch.manual_seed(5)
print(torch.randn_like(torch.zeros(2, 2)))

# %% seeded_uniform_inplace
import torch

torch.manual_seed(0)
print(torch.empty(3).uniform_(-1, 1))

# %% seeded_normal_inplace
import torch

torch.manual_seed(0)
print(torch.empty(3).normal_(0, 0.01))

# %% seeded_xavier
import torch
from torch import nn

torch.manual_seed(0)
w = torch.empty(2, 3)
nn.init.xavier_uniform_(w)
print(w)

# %% seeded_kaiming
import torch
from torch import nn

torch.manual_seed(0)
w = torch.empty(2, 3)
nn.init.kaiming_normal_(w)
print(w.shape)

# %% seeded_multinomial
import torch

torch.manual_seed(0)
print(torch.multinomial(torch.tensor([0.1, 0.0, 0.9]), 5, replacement=True))

# %% seeded_bernoulli
import torch

torch.manual_seed(0)
print(torch.bernoulli(torch.full((6,), 0.5)))

# %% seeded_xor_training
import torch
from torch import nn

torch.manual_seed(2)
X = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
y = torch.tensor([[0.0], [1.0], [1.0], [0.0]])
model = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 1))
opt = torch.optim.Adam(model.parameters(), lr=0.05)
for _ in range(300):
    opt.zero_grad()
    loss = nn.functional.binary_cross_entropy_with_logits(model(X), y)
    loss.backward()
    opt.step()
print((torch.sigmoid(model(X)) > 0.5).int().flatten().tolist())

# %% seeded_randn_float64
import torch

torch.manual_seed(0)
print(torch.randn(2, dtype=torch.float64))

# %% seeded_rand_int_tensor_shape
import torch

torch.manual_seed(0)
print(torch.randint(5, (2, 2)).dtype)

# %% seeded_then_shuffle_index
import torch

torch.manual_seed(0)
data = torch.arange(10.0)
idx = torch.randperm(len(data))
print(data[idx][:3])

# %% initial_seed
import torch

torch.manual_seed(99)
print(torch.initial_seed())
