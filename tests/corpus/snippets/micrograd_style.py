# Snippets in the spirit of micrograd's tests and its walkthrough: scalar
# expressions built up step by step in float64, compared value and gradient.

# %% sanity_check
import torch

x = torch.Tensor([-4.0]).double()
x.requires_grad = True
z = 2 * x + 2 + x
q = z.relu() + z * x
h = (z * z).relu()
y = h + q + q * x
y.backward()
print(y.data.item(), x.grad.item())

# %% more_ops
import torch

a = torch.Tensor([-4.0]).double()
b = torch.Tensor([2.0]).double()
a.requires_grad = True
b.requires_grad = True
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
g.backward()
print(f"{g.data.item():.6f}")
print(f"{a.grad.item():.6f}", f"{b.grad.item():.6f}")

# %% more_ops_float32
import torch

a = torch.tensor(-4.0, requires_grad=True)
b = torch.tensor(2.0, requires_grad=True)
c = a + b
d = a * b + b**3
c = c + c + 1
d = d + d * 2 + (b + a).relu()
e = c - d
f = e**2
g = f / 2.0 + 10.0 / f
g.backward()
print(g, a.grad, b.grad)

# %% neuron_tanh
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

# %% torch_Tensor_constructor
import torch

t = torch.Tensor([1, 2, 3])
print(t, t.dtype)
print(torch.Tensor(2, 3).shape)

# %% tensor_requires_grad_attr_set
import torch

t = torch.Tensor([1.0])
t.requires_grad = True
print(t)

# %% tanh_via_exp
import torch

x = torch.tensor(0.8, dtype=torch.float64, requires_grad=True)
e = (2 * x).exp()
o = (e - 1) / (e + 1)
o.backward()
print(o.item(), x.grad.item())
print(1 - torch.tanh(torch.tensor(0.8, dtype=torch.float64)).item() ** 2)

# %% reused_node_accumulates
import torch

a = torch.tensor(3.0, requires_grad=True)
b = a + a
b.backward()
print(a.grad)

# %% reused_node_product
import torch

a = torch.tensor(-2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
d = a * b
e = a + b
f = d * e
f.backward()
print(a.grad, b.grad)

# %% radd_rmul_rsub_rdiv
import torch

a = torch.tensor(2.0, requires_grad=True)
y = 1 + a
z = 3 * a
w = 5 - a
v = 1 / a
(y + z + w + v).backward()
print(y, z, w, v)
print(a.grad)

# %% pow_negative_scalar
import torch

a = torch.tensor(2.0, requires_grad=True)
y = a**-1
y.backward()
print(y, a.grad)

# %% truediv_by_tensor
import torch

a = torch.tensor(6.0, requires_grad=True)
b = torch.tensor(4.0, requires_grad=True)
c = a / b
c.backward()
print(c, a.grad, b.grad)

# %% mlp_fixed_weights
import torch

xs = torch.tensor([[2.0, 3.0, -1.0], [3.0, -1.0, 0.5], [0.5, 1.0, 1.0], [1.0, 1.0, -1.0]], dtype=torch.float64)
ys = torch.tensor([1.0, -1.0, -1.0, 1.0], dtype=torch.float64)
W1 = torch.tensor([[0.1, -0.2, 0.3, 0.4], [0.5, 0.1, -0.3, 0.2], [-0.4, 0.2, 0.1, 0.3]], dtype=torch.float64, requires_grad=True)
W2 = torch.tensor([[0.3], [-0.5], [0.2], [0.1]], dtype=torch.float64, requires_grad=True)
for k in range(20):
    ypred = torch.tanh(torch.tanh(xs @ W1) @ W2).squeeze(1)
    loss = ((ypred - ys) ** 2).sum()
    W1.grad = None
    W2.grad = None
    loss.backward()
    with torch.no_grad():
        W1 -= 0.1 * W1.grad
        W2 -= 0.1 * W2.grad
    if k % 5 == 0:
        print(k, f"{loss.item():.6f}")
print(ypred)

# %% moons_like_svm_loss
import torch

X = torch.tensor([[1.0, 0.5], [-1.0, -0.5], [0.5, -1.0], [-0.5, 1.0]])
y = torch.tensor([1.0, -1.0, 1.0, -1.0])
w = torch.tensor([0.1, 0.1], requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
for k in range(10):
    scores = X @ w + b
    losses = (1 + -y * scores).relu()
    data_loss = losses.mean()
    reg_loss = 1e-4 * (w * w).sum()
    loss = data_loss + reg_loss
    acc = ((y > 0) == (scores > 0)).float().mean()
    w.grad = None
    b.grad = None
    loss.backward()
    lr = 1.0 - 0.9 * k / 10
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
print(f"loss {loss.item():.4f}, accuracy {acc.item() * 100:.1f}%")

# %% value_repr_like
import torch

a = torch.tensor(2.0, requires_grad=True)
print(repr(a))
print(str(a * 2))
print(a.data)

# %% data_attribute_detached
import torch

a = torch.tensor(2.0, requires_grad=True)
b = a * 3
print(b.data, b.data.requires_grad, b.data.grad_fn)

# %% exp_then_log
import torch

x = torch.tensor(1.7, dtype=torch.float64, requires_grad=True)
y = torch.log(torch.exp(x))
y.backward()
print(y.item(), x.grad.item())

# %% deep_chain
import torch

x = torch.tensor(1.0, requires_grad=True)
y = x
for _ in range(100):
    y = y * 1.01
y.backward()
print(f"{y.item():.4f} {x.grad.item():.4f}")

# %% topological_order_shared
import torch

x = torch.tensor(2.0, requires_grad=True)
a = x * x
b = a * x
c = a + b
c.backward()
print(x.grad)

# %% relu_of_negative_chain
import torch

x = torch.tensor(-3.0, requires_grad=True)
y = (x * 2).relu() * 5
y.backward()
print(y, x.grad)

# %% float_of_grad
import torch

x = torch.tensor(0.25, requires_grad=True)
(x**2).backward()
print(float(x.grad), x.grad.item(), x.grad.tolist())

# %% grad_format_spec
import torch

x = torch.tensor(1.0 / 3.0, requires_grad=True)
(x**2).backward()
print(f"{x.grad:.4f}")
print(f"{x:.2f}")

# %% sigmoid_neuron
import torch

x = torch.tensor([1.0, -2.0, 3.0])
w = torch.tensor([0.5, 0.25, -0.1], requires_grad=True)
b = torch.tensor(0.1, requires_grad=True)
out = torch.sigmoid(x @ w + b)
out.backward()
print(out)
print(w.grad, b.grad)
