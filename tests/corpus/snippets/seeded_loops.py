# Everyday seeded code: a model, an optimiser, a loop that prints the loss to
# four decimals every few steps, and the few lines around it (schedulers,
# clipping, evaluation) that people copy from one project to the next.

# %% regression_loop_adam
import torch
from torch import nn

torch.manual_seed(42)
X = torch.randn(64, 3)
y = X @ torch.tensor([[1.5], [-2.0], [0.5]]) + 0.3
model = nn.Linear(3, 1)
opt = torch.optim.Adam(model.parameters(), lr=0.05)
loss_fn = nn.MSELoss()
for epoch in range(50):
    opt.zero_grad()
    loss = loss_fn(model(X), y)
    loss.backward()
    opt.step()
    if epoch % 10 == 0:
        print(f"Epoch {epoch:3d} | Loss: {loss.item():.4f}")

# %% classification_loop_sgd_momentum
import torch
from torch import nn

torch.manual_seed(0)
X = torch.randn(100, 4)
y = (X[:, 0] + X[:, 1] > 0).long()
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
criterion = nn.CrossEntropyLoss()
for epoch in range(1, 31):
    logits = model(X)
    loss = criterion(logits, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    if epoch % 10 == 0:
        acc = (logits.argmax(1) == y).float().mean()
        print(f"epoch {epoch}: loss={loss.item():.4f} acc={acc.item():.4f}")

# %% binary_bce_with_logits
import torch
from torch import nn

torch.manual_seed(1)
X = torch.randn(50, 2)
y = ((X[:, 0] * 2 - X[:, 1]) > 0).float().unsqueeze(1)
model = nn.Linear(2, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.5)
loss_fn = nn.BCEWithLogitsLoss()
for step in range(40):
    opt.zero_grad()
    loss = loss_fn(model(X), y)
    loss.backward()
    opt.step()
    if step % 8 == 0:
        print(step, f"{loss.item():.4f}")
with torch.no_grad():
    probs = torch.sigmoid(model(X[:3]))
print(probs)

# %% step_lr_scheduler
import torch

torch.manual_seed(0)
w = torch.nn.Parameter(torch.randn(2))
opt = torch.optim.SGD([w], lr=0.1)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=3, gamma=0.5)
for epoch in range(8):
    opt.zero_grad()
    (w**2).sum().backward()
    opt.step()
    sched.step()
    print(epoch, f"{opt.param_groups[0]['lr']:.4f}", f"{w.norm().item():.4f}")

# %% exponential_lr_get_last_lr
import torch

w = torch.nn.Parameter(torch.ones(1))
opt = torch.optim.SGD([w], lr=1.0)
sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
for _ in range(3):
    opt.step()
    sched.step()
    print(sched.get_last_lr())

# %% scheduler_before_optimizer_warning
import torch

w = torch.nn.Parameter(torch.ones(1))
opt = torch.optim.SGD([w], lr=1.0)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
sched.step()
print(opt.param_groups[0]["lr"])

# %% grad_clipping_norm
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 2)
loss = (model(torch.randn(8, 4) * 100) ** 2).mean()
loss.backward()
total = nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
print(f"{total.item():.4f}")
print(f"{torch.cat([p.grad.flatten() for p in model.parameters()]).norm().item():.4f}")

# %% grad_clipping_value
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
(model(torch.randn(5, 3) * 10).sum()).backward()
nn.utils.clip_grad_value_(model.parameters(), clip_value=0.5)
print(model.weight.grad, model.bias.grad)

# %% train_eval_mode_switch
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.Dropout(0.5), nn.Linear(4, 1))
x = torch.ones(1, 3)
model.train()
a = model(x)
b = model(x)
model.eval()
c = model(x)
d = model(x)
print(torch.equal(a, b), torch.equal(c, d))
print(model.training, model[1].training)

# %% best_val_tracking
import copy
import torch
from torch import nn

torch.manual_seed(0)
Xtr, ytr = torch.randn(40, 2), torch.randn(40, 1)
Xva, yva = torch.randn(10, 2), torch.randn(10, 1)
model = nn.Linear(2, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
best, best_state = float("inf"), None
for epoch in range(10):
    opt.zero_grad()
    nn.functional.mse_loss(model(Xtr), ytr).backward()
    opt.step()
    with torch.no_grad():
        val = nn.functional.mse_loss(model(Xva), yva).item()
    if val < best:
        best, best_state = val, copy.deepcopy(model.state_dict())
print(f"best val {best:.4f}")
print(best_state["bias"])

# %% running_average_loss
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
ds = TensorDataset(torch.randn(32, 3), torch.randn(32, 1))
dl = DataLoader(ds, batch_size=8, shuffle=True)
model = nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for epoch in range(3):
    running = 0.0
    for xb, yb in dl:
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(xb), yb)
        loss.backward()
        opt.step()
        running += loss.item() * xb.size(0)
    print(f"epoch {epoch} loss {running / len(ds):.4f}")

# %% adamw_vs_adam
import torch

for Opt in (torch.optim.Adam, torch.optim.AdamW):
    torch.manual_seed(0)
    w = torch.nn.Parameter(torch.randn(3))
    opt = Opt([w], lr=0.1, weight_decay=0.1)
    for _ in range(10):
        opt.zero_grad()
        ((w - 1) ** 2).sum().backward()
        opt.step()
    print(Opt.__name__, w.data)

# %% rmsprop_adagrad
import torch

for Opt in (torch.optim.RMSprop, torch.optim.Adagrad):
    torch.manual_seed(0)
    w = torch.nn.Parameter(torch.tensor([3.0, -2.0]))
    opt = Opt([w], lr=0.1)
    for _ in range(20):
        opt.zero_grad()
        (w**2).sum().backward()
        opt.step()
    print(Opt.__name__, f"{w[0].item():.4f} {w[1].item():.4f}")

# %% optimizer_state_dict_keys
import torch

w = torch.nn.Parameter(torch.ones(2))
opt = torch.optim.Adam([w], lr=0.01)
(w.sum()).backward()
opt.step()
sd = opt.state_dict()
print(list(sd.keys()))
print(sorted(sd["state"][0].keys()))
print(sd["state"][0]["step"])
print(sd["param_groups"][0]["lr"], sd["param_groups"][0]["betas"])

# %% manual_seed_reproducible
import torch

torch.manual_seed(123)
a = torch.randn(3)
torch.manual_seed(123)
b = torch.randn(3)
print(a)
print(torch.equal(a, b))
print(torch.initial_seed())

# %% randint_randperm_seeded
import torch

torch.manual_seed(7)
print(torch.randint(0, 10, (5,)))
print(torch.randperm(6))
print(torch.rand(2, 2))
print(torch.randn(2, dtype=torch.float64))

# %% normal_uniform_inplace
import torch

torch.manual_seed(3)
t = torch.empty(4)
print(t.uniform_(-1, 1))
print(t.normal_(0, 0.1))
print(torch.empty(3).fill_(7.0))

# %% bernoulli_seeded
import torch

torch.manual_seed(0)
p = torch.tensor([0.1, 0.5, 0.9, 0.5])
print(torch.bernoulli(p))
print(torch.bernoulli(torch.full((6,), 0.3)))

# %% dataset_class_len_getitem
import torch
from torch.utils.data import DataLoader, Dataset


class Squares(Dataset):
    def __init__(self, n):
        self.x = torch.arange(n, dtype=torch.float32)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], self.x[i] ** 2


ds = Squares(5)
print(len(ds), ds[3])
for xb, yb in DataLoader(ds, batch_size=2):
    print(xb, yb)

# %% collate_dict_batches
import torch
from torch.utils.data import DataLoader, Dataset


class D(Dataset):
    def __len__(self):
        return 4

    def __getitem__(self, i):
        return {"x": torch.tensor([i, i + 1.0]), "y": i % 2}


for batch in DataLoader(D(), batch_size=2):
    print(batch)

# %% count_parameters_trainable
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(10, 20), nn.ReLU(), nn.Linear(20, 5))
for p in model[0].parameters():
    p.requires_grad = False
print(sum(p.numel() for p in model.parameters()))
print(sum(p.numel() for p in model.parameters() if p.requires_grad))

# %% freeze_then_train_head
import torch
from torch import nn

torch.manual_seed(0)
body = nn.Linear(3, 3)
head = nn.Linear(3, 1)
body.requires_grad_(False)
opt = torch.optim.SGD(head.parameters(), lr=0.1)
w_before = body.weight.clone()
for _ in range(3):
    opt.zero_grad()
    loss = head(body(torch.randn(4, 3))).pow(2).mean()
    loss.backward()
    opt.step()
print(torch.equal(w_before, body.weight), body.weight.grad, f"{loss.item():.4f}")

# %% print_every_loss_list
import torch

torch.manual_seed(0)
w = torch.randn(1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
x = torch.linspace(0, 1, 20)
y = 3 * x + 1
losses = []
for i in range(100):
    loss = ((w * x + b - y) ** 2).mean()
    losses.append(loss.item())
    loss.backward()
    with torch.no_grad():
        w -= 0.5 * w.grad
        b -= 0.5 * b.grad
        w.grad.zero_()
        b.grad.zero_()
print([round(l, 4) for l in losses[::25]])
print(f"w={w.item():.4f} b={b.item():.4f}")

# %% tensor_to_list_rounding
import torch

torch.manual_seed(0)
t = torch.rand(3)
print(t.tolist())
print([round(v, 4) for v in t.tolist()])
print(t.numpy().round(3))

# %% set_printoptions_precision
import torch

torch.manual_seed(0)
torch.set_printoptions(precision=2)
print(torch.randn(3))
torch.set_printoptions(precision=4)
print(torch.tensor([1 / 3]))

# %% mixed_device_to_cpu
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
x = torch.ones(2).to(device)
print(device, x.device, x.is_cuda)
print(torch.tensor([1.0]).to("cpu", torch.float64))

# %% argmax_predictions_confusion
import torch

torch.manual_seed(0)
logits = torch.randn(12, 3)
y = torch.randint(0, 3, (12,))
pred = logits.argmax(1)
conf = torch.zeros(3, 3, dtype=torch.long)
for t, p in zip(y, pred):
    conf[t, p] += 1
print(conf)
print(conf.diag().sum().item() / conf.sum().item())

# %% topk_predictions
import torch

torch.manual_seed(0)
probs = torch.softmax(torch.randn(2, 5), dim=1)
vals, idx = probs.topk(2, dim=1)
print(vals)
print(idx)
