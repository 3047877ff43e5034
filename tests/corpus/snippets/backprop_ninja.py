# Manual backpropagation through each intermediate of a small network, checked
# against autograd with a cmp() that prints exact / approximate / max diff, in
# the spirit of the "become a backprop ninja" exercise.

# %% cmp_helper_leaf
import torch


def cmp(s, dt, t):
    ex = torch.all(dt == t.grad).item()
    app = torch.allclose(dt, t.grad)
    maxdiff = (dt - t.grad).abs().max().item()
    print(f"{s:15s} | exact: {str(ex):5s} | approximate: {str(app):5s} | maxdiff: {maxdiff}")


a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
(a * a).sum().backward()
cmp("a", 2 * a.detach(), a)

# %% dlogprobs
import torch

g = torch.Generator().manual_seed(2147483647)
n = 4
logits = torch.randn(n, 5, generator=g, requires_grad=True)
Yb = torch.tensor([1, 0, 4, 2])
logprobs = logits.log_softmax(1)
logprobs.retain_grad()
loss = -logprobs[range(n), Yb].mean()
loss.backward()
dlogprobs = torch.zeros_like(logprobs)
dlogprobs[range(n), Yb] = -1.0 / n
print(torch.all(dlogprobs == logprobs.grad).item())
print(dlogprobs)

# %% dprobs_chain
import torch

g = torch.Generator().manual_seed(1)
n = 3
logits = torch.randn(n, 4, generator=g, requires_grad=True)
Yb = torch.tensor([0, 3, 1])
counts = logits.exp()
counts_sum = counts.sum(1, keepdims=True)
counts_sum_inv = counts_sum**-1
probs = counts * counts_sum_inv
logprobs = probs.log()
for t in (counts, counts_sum, counts_sum_inv, probs, logprobs):
    t.retain_grad()
loss = -logprobs[range(n), Yb].mean()
loss.backward()
dlogprobs = torch.zeros_like(logprobs)
dlogprobs[range(n), Yb] = -1.0 / n
dprobs = (1.0 / probs) * dlogprobs
dcounts_sum_inv = (counts * dprobs).sum(1, keepdim=True)
dcounts = counts_sum_inv * dprobs
dcounts_sum = (-(counts_sum**-2)) * dcounts_sum_inv
dcounts += torch.ones_like(counts) * dcounts_sum
dlogits = counts * dcounts
for name, d, t in [
    ("logprobs", dlogprobs, logprobs),
    ("probs", dprobs, probs),
    ("counts_sum_inv", dcounts_sum_inv, counts_sum_inv),
    ("counts_sum", dcounts_sum, counts_sum),
    ("counts", dcounts, counts),
    ("logits", dlogits, logits),
]:
    print(f"{name:15s} | approximate: {torch.allclose(d, t.grad)}")

# %% dlogits_fast
import torch
import torch.nn.functional as F

g = torch.Generator().manual_seed(2147483647)
n = 5
logits = torch.randn(n, 6, generator=g, requires_grad=True)
Yb = torch.tensor([1, 5, 0, 2, 2])
F.cross_entropy(logits, Yb).backward()
dlogits = F.softmax(logits.detach(), 1)
dlogits[range(n), Yb] -= 1
dlogits /= n
print(torch.allclose(dlogits, logits.grad))
print(f"{(dlogits - logits.grad).abs().max().item():.2e}" if (dlogits - logits.grad).abs().max() > 0 else "0")
print(dlogits.sum(1))

# %% logit_maxes_offset
import torch

g = torch.Generator().manual_seed(5)
logits = torch.randn(3, 4, generator=g, requires_grad=True)
logit_maxes = logits.max(1, keepdim=True).values
norm_logits = logits - logit_maxes
logit_maxes.retain_grad()
norm_logits.exp().sum(1).log().sum().backward()
print(logit_maxes)
print(logit_maxes.grad)

# %% max_indices_one_hot_grad
import torch
import torch.nn.functional as F

g = torch.Generator().manual_seed(7)
logits = torch.randn(3, 5, generator=g, requires_grad=True)
m = logits.max(1, keepdim=True).values
m.sum().backward()
manual = F.one_hot(logits.max(1).indices, num_classes=logits.shape[1])
print(manual)
print(torch.equal(manual.float(), logits.grad))

# %% dh_dW2_db2
import torch

g = torch.Generator().manual_seed(3)
h = torch.randn(4, 6, generator=g, requires_grad=True)
W2 = torch.randn(6, 3, generator=g, requires_grad=True)
b2 = torch.randn(3, generator=g, requires_grad=True)
logits = h @ W2 + b2
dlogits = torch.randn(4, 3, generator=g)
logits.backward(dlogits)
dh = dlogits @ W2.T
dW2 = h.T @ dlogits
db2 = dlogits.sum(0)
print(dh.shape, dW2.shape, db2.shape)
print(torch.allclose(dh, h.grad), torch.allclose(dW2, W2.grad), torch.allclose(db2, b2.grad))

# %% dtanh
import torch

g = torch.Generator().manual_seed(11)
hpreact = torch.randn(3, 4, generator=g, requires_grad=True)
h = torch.tanh(hpreact)
dh = torch.randn(3, 4, generator=g)
h.backward(dh)
dhpreact = (1.0 - h**2) * dh
print(torch.allclose(dhpreact, hpreact.grad))
print(f"{(dhpreact - hpreact.grad).abs().max().item():.1e}")

# %% batchnorm_backward_pieces
import torch

g = torch.Generator().manual_seed(2147483647)
n = 8
hprebn = torch.randn(n, 4, generator=g, requires_grad=True)
bngain = torch.randn(1, 4, generator=g, requires_grad=True)
bnbias = torch.randn(1, 4, generator=g, requires_grad=True)
bnmeani = 1 / n * hprebn.sum(0, keepdim=True)
bndiff = hprebn - bnmeani
bndiff2 = bndiff**2
bnvar = 1 / (n - 1) * bndiff2.sum(0, keepdim=True)
bnvar_inv = (bnvar + 1e-5) ** -0.5
bnraw = bndiff * bnvar_inv
hpreact = bngain * bnraw + bnbias
for t in (bnraw, bnvar_inv, bnvar, bndiff2, bndiff, bnmeani):
    t.retain_grad()
dhpreact = torch.randn(n, 4, generator=g)
hpreact.backward(dhpreact)
dbngain = (bnraw * dhpreact).sum(0, keepdim=True)
dbnbias = dhpreact.sum(0, keepdim=True)
dbnraw = bngain * dhpreact
dbnvar_inv = (bndiff * dbnraw).sum(0, keepdim=True)
dbndiff = bnvar_inv * dbnraw
dbnvar = (-0.5 * (bnvar + 1e-5) ** -1.5) * dbnvar_inv
dbndiff2 = (1.0 / (n - 1)) * torch.ones_like(bndiff2) * dbnvar
dbndiff += (2 * bndiff) * dbndiff2
dhprebn = dbndiff.clone()
dbnmeani = (-dbndiff).sum(0)
dhprebn += 1.0 / n * (torch.ones_like(hprebn) * dbnmeani)
for name, d, t in [
    ("bngain", dbngain, bngain),
    ("bnbias", dbnbias, bnbias),
    ("bnraw", dbnraw, bnraw),
    ("bnvar_inv", dbnvar_inv, bnvar_inv),
    ("bnvar", dbnvar, bnvar),
    ("bndiff2", dbndiff2, bndiff2),
    ("hprebn", dhprebn, hprebn),
]:
    print(f"{name:10s} | {torch.allclose(d, t.grad, atol=1e-6)}")

# %% batchnorm_backward_one_line
import torch

g = torch.Generator().manual_seed(42)
n = 16
hprebn = torch.randn(n, 5, generator=g, requires_grad=True)
bngain = torch.randn(1, 5, generator=g)
bnvar = hprebn.var(0, keepdim=True, unbiased=True)
bnvar_inv = (bnvar + 1e-5) ** -0.5
bnraw = (hprebn - hprebn.mean(0, keepdim=True)) * bnvar_inv
hpreact = bngain * bnraw
dhpreact = torch.randn(n, 5, generator=g)
hpreact.backward(dhpreact)
dhprebn = bngain * bnvar_inv / n * (n * dhpreact - dhpreact.sum(0) - n / (n - 1) * bnraw * (dhpreact * bnraw).sum(0))
print(torch.allclose(dhprebn, hprebn.grad, atol=1e-6))
print(dhprebn.shape)

# %% demb_index_accumulate
import torch

g = torch.Generator().manual_seed(2147483647)
C = torch.randn(6, 2, generator=g, requires_grad=True)
Xb = torch.tensor([[0, 1, 1], [2, 0, 5], [1, 1, 1]])
emb = C[Xb]
dembcat = torch.randn(3, 6, generator=g)
embcat = emb.view(emb.shape[0], -1)
embcat.backward(dembcat)
demb = dembcat.view(emb.shape)
dC = torch.zeros_like(C)
for k in range(Xb.shape[0]):
    for j in range(Xb.shape[1]):
        ix = Xb[k, j]
        dC[ix] += demb[k, j]
print(torch.allclose(dC, C.grad))
print(dC)

# %% demb_index_add
import torch

g = torch.Generator().manual_seed(0)
C = torch.randn(5, 3, generator=g, requires_grad=True)
Xb = torch.tensor([[0, 4], [4, 4], [1, 0]])
emb = C[Xb]
demb = torch.randn(3, 2, 3, generator=g)
emb.backward(demb)
dC = torch.zeros_like(C)
dC.index_add_(0, Xb.view(-1), demb.view(-1, 3))
print(torch.allclose(dC, C.grad))
print(C.grad[4])

# %% fancy_index_accumulate_pitfall
import torch

dC = torch.zeros(4)
ix = torch.tensor([1, 1, 3])
dC[ix] += torch.tensor([1.0, 2.0, 5.0])
print(dC)
dC2 = torch.zeros(4)
dC2.index_put_((ix,), torch.tensor([1.0, 2.0, 5.0]), accumulate=True)
print(dC2)

# %% cmp_exact_false_approx_true
import torch


def cmp(s, dt, t):
    ex = torch.all(dt == t.grad).item()
    app = torch.allclose(dt, t.grad)
    print(f"{s:10s} | exact: {str(ex):5s} | approximate: {str(app):5s}")


x = torch.tensor([0.1, 0.2, 0.3], requires_grad=True)
y = (x.exp() * 3.0).log().sum()
y.backward()
cmp("x", torch.ones(3) + 1e-7, x)
cmp("x", torch.ones(3), x)

# %% grad_shape_mismatch_bug
import torch

counts_sum = torch.tensor([[2.0], [4.0]], requires_grad=True)
counts = torch.tensor([[1.0, 1.0], [2.0, 2.0]])
probs = counts / counts_sum
probs.sum().backward()
wrong = -counts / counts_sum**2
right = (-counts / counts_sum**2).sum(1, keepdim=True)
print(wrong.shape, right.shape, counts_sum.grad.shape)
print(torch.allclose(right, counts_sum.grad))

# %% manual_cross_entropy_grad_sum_to_zero
import torch
import torch.nn.functional as F

torch.manual_seed(0)
logits = torch.randn(4, 10, requires_grad=True)
F.cross_entropy(logits, torch.tensor([3, 1, 4, 1])).backward()
print(logits.grad.sum(1))
print(f"{logits.grad[0].max().item():.4f} {logits.grad[0].min().item():.4f}")

# %% hidden_layer_full_backward
import torch
import torch.nn.functional as F

g = torch.Generator().manual_seed(2147483647)
n = 6
X = torch.randn(n, 4, generator=g)
Y = torch.randint(0, 3, (n,), generator=g)
W1 = torch.randn(4, 8, generator=g, requires_grad=True)
b1 = torch.randn(8, generator=g, requires_grad=True)
W2 = torch.randn(8, 3, generator=g, requires_grad=True)
b2 = torch.randn(3, generator=g, requires_grad=True)
hpre = X @ W1 + b1
h = torch.tanh(hpre)
logits = h @ W2 + b2
loss = F.cross_entropy(logits, Y)
loss.backward()
dlogits = F.softmax(logits, 1).detach()
dlogits[range(n), Y] -= 1
dlogits /= n
dh = dlogits @ W2.detach().T
dW2 = h.detach().T @ dlogits
db2 = dlogits.sum(0)
dhpre = (1 - h.detach() ** 2) * dh
dW1 = X.T @ dhpre
db1 = dhpre.sum(0)
print(f"loss {loss.item():.4f}")
for name, d, p in [("W1", dW1, W1), ("b1", db1, b1), ("W2", dW2, W2), ("b2", db2, b2)]:
    print(name, torch.allclose(d, p.grad, atol=1e-6), tuple(d.shape))

# %% manual_sgd_with_manual_grads
import torch

g = torch.Generator().manual_seed(0)
X = torch.randn(10, 2, generator=g)
y = X @ torch.tensor([2.0, -1.0]) + 0.5
W = torch.zeros(2)
b = torch.zeros(1)
with torch.no_grad():
    for i in range(50):
        pred = X @ W + b
        err = pred - y
        dW = 2 * X.T @ err / 10
        db = 2 * err.mean()
        W -= 0.1 * dW
        b -= 0.1 * db
print(W, b)

# %% grad_of_mean_vs_sum
import torch

x = torch.ones(2, 3, requires_grad=True)
x.mean().backward()
print(x.grad)
x.grad = None
x.sum().backward()
print(x.grad)

# %% grad_of_broadcast_sum
import torch

a = torch.ones(3, 1, requires_grad=True)
b = torch.ones(1, 4, requires_grad=True)
(a * b).sum().backward()
print(a.grad.T, b.grad)

# %% variance_bessel
import torch

x = torch.tensor([1.0, 2.0, 3.0, 4.0])
print(x.var(), x.var(unbiased=False))
print(x.var(correction=0), x.std(correction=1))
n = 4
print(((x - x.mean()) ** 2).sum() / (n - 1))

# %% max_grad_ties
import torch

x = torch.tensor([1.0, 3.0, 3.0, 2.0], requires_grad=True)
x.max().backward()
print(x.grad)
x.grad = None
x.max(0).values.backward()
print(x.grad)

# %% exp_log_roundtrip_grad
import torch

x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
y = x.exp().log()
y.sum().backward()
print(y)
print(x.grad)

# %% view_backward_shape
import torch

emb = torch.randn(2, 3, 4, requires_grad=True)
flat = emb.view(2, 12)
flat.backward(torch.arange(24.0).view(2, 12))
print(emb.grad.shape)
print(emb.grad[1, 0])

# %% dprobs_division_grad
import torch

counts = torch.tensor([[1.0, 3.0], [2.0, 2.0]], requires_grad=True)
s = counts.sum(1, keepdim=True)
probs = counts / s
probs[:, 0].sum().backward()
print(counts.grad)
s_ = counts.detach().sum(1, keepdim=True)
manual = torch.zeros(2, 2)
manual[:, 0] = 1 / s_[:, 0]
manual -= counts.detach()[:, :1] / s_**2
print(torch.allclose(manual, counts.grad))

# %% log_of_prob_one_hot_select
import torch

probs = torch.tensor([[0.2, 0.8], [0.6, 0.4]], requires_grad=True)
logprobs = probs.log()
loss = -logprobs[torch.arange(2), torch.tensor([1, 0])].mean()
loss.backward()
print(f"{loss.item():.4f}")
print(probs.grad)
