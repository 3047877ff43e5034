# Character-level language models in the spirit of Karpathy's makemore videos:
# bigram counts, sampling with a seeded Generator, one-hot inputs, a softmax by
# hand, and a small MLP with an embedding table C[X].  A handful of names
# stands in for the names file.

# %% bigram_count_dict
words = ["emma", "olivia", "ava", "isabella", "sophia"]
b = {}
for w in words:
    chs = ["<S>"] + list(w) + ["<E>"]
    for ch1, ch2 in zip(chs, chs[1:]):
        b[(ch1, ch2)] = b.get((ch1, ch2), 0) + 1
print(sorted(b.items(), key=lambda kv: -kv[1])[:5])

# %% bigram_count_tensor
import torch

words = ["emma", "olivia", "ava", "isabella", "sophia"]
chars = sorted(set("".join(words)))
stoi = {s: i + 1 for i, s in enumerate(chars)}
stoi["."] = 0
N = torch.zeros((len(stoi), len(stoi)), dtype=torch.int32)
for w in words:
    chs = ["."] + list(w) + ["."]
    for ch1, ch2 in zip(chs, chs[1:]):
        N[stoi[ch1], stoi[ch2]] += 1
print(N.shape, N.dtype)
print(N[0])
print(N.sum())

# %% bigram_first_row_probs
import torch

N = torch.tensor([[0, 3, 1, 4], [2, 0, 0, 1], [1, 1, 1, 1], [5, 0, 2, 0]], dtype=torch.int32)
p = N[0].float()
p = p / p.sum()
print(p)

# %% generator_multinomial
import torch

g = torch.Generator().manual_seed(2147483647)
p = torch.rand(3, generator=g)
p = p / p.sum()
print(p)
print(torch.multinomial(p, num_samples=20, replacement=True, generator=g))

# %% multinomial_item_loop
import torch

P = torch.tensor([[0.1, 0.6, 0.3], [0.5, 0.0, 0.5], [0.2, 0.2, 0.6]])
g = torch.Generator().manual_seed(42)
ix = 0
out = []
for _ in range(10):
    ix = torch.multinomial(P[ix], num_samples=1, replacement=True, generator=g).item()
    out.append(ix)
print(out)

# %% broadcast_normalise_rows
import torch

N = torch.tensor([[1, 2, 3], [4, 0, 4], [0, 1, 1]])
P = (N + 1).float()
P /= P.sum(1, keepdim=True)
print(P)
print(P.sum(1))

# %% broadcast_bug_keepdim
import torch

N = torch.tensor([[1.0, 2.0, 3.0], [4.0, 0.0, 4.0], [0.0, 1.0, 1.0]])
wrong = N / N.sum(1)
right = N / N.sum(1, keepdim=True)
print(wrong.sum(1))
print(right.sum(1))
print(N.sum(1).shape, N.sum(1, keepdim=True).shape)

# %% bigram_nll
import torch

P = torch.tensor([[0.1, 0.6, 0.3], [0.5, 0.25, 0.25], [0.2, 0.2, 0.6]])
pairs = [(0, 1), (1, 0), (1, 2), (2, 2), (2, 0)]
log_likelihood = 0.0
n = 0
for a, b in pairs:
    logprob = torch.log(P[a, b])
    log_likelihood += logprob
    n += 1
    print(f"{a}{b}: {P[a, b]:.4f} {logprob:.4f}")
nll = -log_likelihood
print(f"{nll=}")
print(f"{nll / n}")

# %% one_hot_float
import torch
import torch.nn.functional as F

xs = torch.tensor([0, 5, 13, 13, 1])
xenc = F.one_hot(xs, num_classes=27).float()
print(xenc.shape, xenc.dtype)
print(xenc[1, :8])

# %% one_hot_dtype_is_long
import torch
import torch.nn.functional as F

enc = F.one_hot(torch.tensor([2, 0, 1]))
print(enc)
print(enc.dtype)

# %% one_hot_needs_long
import torch
import torch.nn.functional as F

try:
    F.one_hot(torch.tensor([0.0, 1.0]), num_classes=3)
except RuntimeError as e:
    print(e)

# %% softmax_by_hand
import torch
import torch.nn.functional as F

g = torch.Generator().manual_seed(2147483647)
W = torch.randn((27, 27), generator=g)
xenc = F.one_hot(torch.tensor([0, 5, 13]), num_classes=27).float()
logits = xenc @ W
counts = logits.exp()
probs = counts / counts.sum(1, keepdims=True)
print(probs.shape)
print(probs[0, :5])
print(probs.sum(1))

# %% neural_bigram_training
import torch
import torch.nn.functional as F

xs = torch.tensor([0, 1, 2, 1, 3, 0, 2])
ys = torch.tensor([1, 2, 1, 3, 0, 2, 0])
g = torch.Generator().manual_seed(2147483647)
W = torch.randn((4, 4), generator=g, requires_grad=True)
for k in range(10):
    xenc = F.one_hot(xs, num_classes=4).float()
    logits = xenc @ W
    counts = logits.exp()
    probs = counts / counts.sum(1, keepdims=True)
    loss = -probs[torch.arange(7), ys].log().mean() + 0.01 * (W**2).mean()
    W.grad = None
    loss.backward()
    W.data += -10 * W.grad
    if k % 3 == 0:
        print(k, f"{loss.item():.4f}")

# %% neural_bigram_sample
import torch
import torch.nn.functional as F

g = torch.Generator().manual_seed(2147483647)
W = torch.randn((5, 5), generator=g)
itos = {0: ".", 1: "a", 2: "b", 3: "c", 4: "d"}
for i in range(3):
    out = []
    ix = 0
    while True:
        xenc = F.one_hot(torch.tensor([ix]), num_classes=5).float()
        p = (xenc @ W).exp()
        p = p / p.sum(1, keepdims=True)
        ix = torch.multinomial(p, num_samples=1, replacement=True, generator=g).item()
        out.append(itos[ix])
        if ix == 0 or len(out) > 12:
            break
    print("".join(out))

# %% build_dataset_block
import torch

words = ["emma", "ava", "mia"]
chars = sorted(set("".join(words)))
stoi = {s: i + 1 for i, s in enumerate(chars)}
stoi["."] = 0
block_size = 3
X, Y = [], []
for w in words:
    context = [0] * block_size
    for ch in w + ".":
        ix = stoi[ch]
        X.append(context)
        Y.append(ix)
        context = context[1:] + [ix]
X = torch.tensor(X)
Y = torch.tensor(Y)
print(X.shape, X.dtype, Y.shape, Y.dtype)
print(X[:4])
print(Y)

# %% embedding_lookup_CX
import torch

g = torch.Generator().manual_seed(2147483647)
C = torch.randn((27, 2), generator=g)
print(C[5])
print(C[[5, 6, 7]])
X = torch.tensor([[0, 0, 5], [0, 5, 13]])
emb = C[X]
print(emb.shape)
print(emb[1, 2], C[13])

# %% onehot_matmul_equals_index
import torch
import torch.nn.functional as F

g = torch.Generator().manual_seed(0)
C = torch.randn((6, 3), generator=g)
print(F.one_hot(torch.tensor(4), num_classes=6).float() @ C)
print(C[4])

# %% emb_view_concat
import torch

g = torch.Generator().manual_seed(2147483647)
C = torch.randn((10, 2), generator=g)
X = torch.tensor([[0, 1, 2], [3, 4, 5]])
emb = C[X]
a = torch.cat([emb[:, 0, :], emb[:, 1, :], emb[:, 2, :]], 1)
b = torch.cat(torch.unbind(emb, 1), 1)
c = emb.view(-1, 6)
print(a.shape, torch.equal(a, b), torch.equal(a, c))
print(emb.is_contiguous(), emb.stride())

# %% mlp_forward_hidden
import torch

g = torch.Generator().manual_seed(2147483647)
C = torch.randn((27, 2), generator=g)
W1 = torch.randn((6, 100), generator=g)
b1 = torch.randn(100, generator=g)
X = torch.tensor([[0, 0, 5], [0, 5, 13], [5, 13, 13]])
h = torch.tanh(C[X].view(-1, 6) @ W1 + b1)
print(h.shape)
print(f"{h.abs().mean().item():.4f}")
print((h.abs() > 0.99).float().mean())

# %% mlp_logits_manual_vs_F
import torch
import torch.nn.functional as F

g = torch.Generator().manual_seed(2147483647)
C = torch.randn((27, 2), generator=g)
W1 = torch.randn((6, 20), generator=g)
b1 = torch.randn(20, generator=g)
W2 = torch.randn((20, 27), generator=g)
b2 = torch.randn(27, generator=g)
X = torch.tensor([[0, 0, 5], [0, 5, 13], [5, 13, 13], [13, 13, 1]])
Y = torch.tensor([5, 13, 13, 1])
h = torch.tanh(C[X].view(-1, 6) @ W1 + b1)
logits = h @ W2 + b2
counts = logits.exp()
prob = counts / counts.sum(1, keepdims=True)
print(-prob[torch.arange(4), Y].log().mean())
print(F.cross_entropy(logits, Y))

# %% mlp_parameters_count
import torch

g = torch.Generator().manual_seed(2147483647)
C = torch.randn((27, 10), generator=g)
W1 = torch.randn((30, 200), generator=g)
b1 = torch.randn(200, generator=g)
W2 = torch.randn((200, 27), generator=g)
b2 = torch.randn(27, generator=g)
parameters = [C, W1, b1, W2, b2]
print(sum(p.nelement() for p in parameters))
for p in parameters:
    p.requires_grad = True
print([p.is_leaf for p in parameters])

# %% mlp_training_minibatch
import torch
import torch.nn.functional as F

g = torch.Generator().manual_seed(2147483647)
X = torch.randint(0, 27, (50, 3), generator=g)
Y = torch.randint(0, 27, (50,), generator=g)
C = torch.randn((27, 4), generator=g)
W1 = torch.randn((12, 16), generator=g) * 0.2
b1 = torch.randn(16, generator=g) * 0.01
W2 = torch.randn((16, 27), generator=g) * 0.01
b2 = torch.randn(27, generator=g) * 0
parameters = [C, W1, b1, W2, b2]
for p in parameters:
    p.requires_grad = True
for i in range(30):
    ix = torch.randint(0, X.shape[0], (16,), generator=g)
    emb = C[X[ix]]
    h = torch.tanh(emb.view(-1, 12) @ W1 + b1)
    logits = h @ W2 + b2
    loss = F.cross_entropy(logits, Y[ix])
    for p in parameters:
        p.grad = None
    loss.backward()
    lr = 0.1 if i < 20 else 0.01
    for p in parameters:
        p.data += -lr * p.grad
    if i % 10 == 0:
        print(f"{i:7d}/{30:7d}: {loss.item():.4f}")

# %% learning_rate_search_linspace
import torch

lre = torch.linspace(-3, 0, 7)
lrs = 10**lre
print(lre)
print(lrs)

# %% f_tanh_vs_torch_tanh
import torch
import torch.nn.functional as F

x = torch.tensor([-2.0, 0.0, 0.5, 3.0], requires_grad=True)
y = F.tanh(x)
y.sum().backward()
print(y)
print(x.grad)
print(torch.allclose(x.grad, 1 - torch.tanh(x) ** 2))

# %% train_val_test_split
import random
import torch

random.seed(42)
words = [f"w{i}" for i in range(20)]
random.shuffle(words)
n1 = int(0.8 * len(words))
n2 = int(0.9 * len(words))
print(words[:n1][:3], len(words[:n1]), len(words[n1:n2]), len(words[n2:]))

# %% sample_from_mlp
import torch
import torch.nn.functional as F

g = torch.Generator().manual_seed(2147483647 + 10)
C = torch.randn((5, 2), generator=g)
W1 = torch.randn((6, 8), generator=g)
b1 = torch.randn(8, generator=g)
W2 = torch.randn((8, 5), generator=g)
b2 = torch.randn(5, generator=g)
itos = {0: ".", 1: "a", 2: "e", 3: "m", 4: "n"}
for _ in range(4):
    out = []
    context = [0] * 3
    while True:
        emb = C[torch.tensor([context])]
        h = torch.tanh(emb.view(1, -1) @ W1 + b1)
        probs = F.softmax(h @ W2 + b2, dim=1)
        ix = torch.multinomial(probs, num_samples=1, generator=g).item()
        context = context[1:] + [ix]
        out.append(ix)
        if ix == 0 or len(out) >= 10:
            break
    print("".join(itos[i] for i in out))

# %% initial_loss_uniform
import torch
import torch.nn.functional as F

print(-torch.tensor(1 / 27.0).log())
logits = torch.zeros(4, 27)
print(F.cross_entropy(logits, torch.tensor([1, 2, 3, 4])))
logits = torch.tensor([[0.0, 0.0, 5.0, 0.0]])
print(F.cross_entropy(logits, torch.tensor([2])), F.cross_entropy(logits, torch.tensor([1])))

# %% kaiming_gain_tanh
import torch

g = torch.Generator().manual_seed(2147483647)
fan_in = 30
W1 = torch.randn((fan_in, 200), generator=g) * (5 / 3) / fan_in**0.5
print(f"{W1.std().item():.4f}")
print(f"{(5 / 3) / fan_in**0.5:.4f}")
print(torch.nn.init.calculate_gain("tanh"))

# %% batchnorm_by_hand
import torch

g = torch.Generator().manual_seed(2147483647)
hpreact = torch.randn(32, 6, generator=g) * 3 + 1
bngain = torch.ones((1, 6))
bnbias = torch.zeros((1, 6))
bnmean = hpreact.mean(0, keepdim=True)
bnstd = hpreact.std(0, keepdim=True)
h = bngain * (hpreact - bnmean) / bnstd + bnbias
print(h.mean(0))
print(h.std(0))

# %% batchnorm_running_update
import torch

g = torch.Generator().manual_seed(1)
bnmean_running = torch.zeros((1, 3))
bnstd_running = torch.ones((1, 3))
for _ in range(3):
    hpreact = torch.randn(8, 3, generator=g) + 2
    with torch.no_grad():
        bnmean_running = 0.999 * bnmean_running + 0.001 * hpreact.mean(0, keepdim=True)
        bnstd_running = 0.999 * bnstd_running + 0.001 * hpreact.std(0, keepdim=True)
print(bnmean_running)
print(bnstd_running)

# %% tanh_saturation_histogram
import torch

g = torch.Generator().manual_seed(2147483647)
h = torch.tanh(torch.randn(100, 50, generator=g) * 3)
counts = torch.histc(h, bins=5, min=-1, max=1)
print(counts)
print((h.abs() > 0.97).float().mean())

# %% update_to_data_ratio
import torch

g = torch.Generator().manual_seed(0)
W = torch.randn(10, 10, generator=g, requires_grad=True)
(W @ torch.ones(10)).pow(2).sum().backward()
lr = 0.1
ratio = ((lr * W.grad).std() / W.data.std()).log10().item()
print(f"{ratio:.4f}")

# %% linear_class_like_makemore
import torch

g = torch.Generator().manual_seed(2147483647)


class Linear:
    def __init__(self, fan_in, fan_out, bias=True):
        self.weight = torch.randn((fan_in, fan_out), generator=g) / fan_in**0.5
        self.bias = torch.zeros(fan_out) if bias else None

    def __call__(self, x):
        self.out = x @ self.weight
        if self.bias is not None:
            self.out += self.bias
        return self.out

    def parameters(self):
        return [self.weight] + ([] if self.bias is None else [self.bias])


class Tanh:
    def __call__(self, x):
        self.out = torch.tanh(x)
        return self.out

    def parameters(self):
        return []


layers = [Linear(6, 10), Tanh(), Linear(10, 4, bias=False)]
x = torch.randn(3, 6, generator=g)
for layer in layers:
    x = layer(x)
print(x.shape)
print(sum(p.nelement() for layer in layers for p in layer.parameters()))
print(f"{layers[1].out.std().item():.4f}")

# %% retain_grad_on_activations
import torch
import torch.nn.functional as F

g = torch.Generator().manual_seed(3)
W = torch.randn(4, 5, generator=g, requires_grad=True)
x = torch.randn(2, 4, generator=g)
h = x @ W
h.retain_grad()
out = torch.tanh(h)
out.retain_grad()
F.cross_entropy(out, torch.tensor([0, 3])).backward()
print(h.grad)
print(out.grad.shape)

# %% generator_state_reuse
import torch

g = torch.Generator().manual_seed(2147483647)
a = torch.randn(3, generator=g)
g.manual_seed(2147483647)
b = torch.randn(3, generator=g)
print(a)
print(torch.equal(a, b))
print(g.initial_seed())

# %% rand_with_generator_vs_global
import torch

torch.manual_seed(2147483647)
a = torch.rand(3)
g = torch.Generator().manual_seed(2147483647)
b = torch.rand(3, generator=g)
print(a)
print(b)

# %% multinomial_counts_converge
import torch

g = torch.Generator().manual_seed(0)
p = torch.tensor([0.2, 0.5, 0.3])
s = torch.multinomial(p, 1000, replacement=True, generator=g)
print(torch.bincount(s, minlength=3))

# %% multinomial_no_replacement_error
import torch

p = torch.tensor([0.5, 0.5])
try:
    torch.multinomial(p, 3)
except RuntimeError as e:
    print(e)

# %% int32_counts_plus_one
import torch

N = torch.zeros((3, 3), dtype=torch.int32)
N[0, 1] += 1
N[0, 1] += 1
P = (N + 1).float()
print(N)
print(P / P.sum(1, keepdim=True))

# %% itos_stoi_roundtrip
import torch

chars = sorted(set("hello world".replace(" ", "")))
stoi = {s: i + 1 for i, s in enumerate(chars)}
stoi["."] = 0
itos = {i: s for s, i in stoi.items()}
ix = torch.tensor([stoi[c] for c in "hello."])
print(ix)
print("".join(itos[i.item()] for i in ix))
