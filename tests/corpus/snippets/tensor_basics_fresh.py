# The tensor lines around every tutorial's model: making tensors, indexing,
# reshaping, joining, comparing, converting, the NumPy bridge, and what they print.

# %% zeros_ones_like_full
import torch

x = torch.tensor([[1, 2], [3, 4]])
print(torch.zeros_like(x), torch.ones_like(x, dtype=torch.float))
print(torch.full((2, 3), 7), torch.full((2,), 0.5))
print(torch.rand_like(x, dtype=torch.float).shape)

# %% eye_diag_tril
import torch

print(torch.eye(3))
print(torch.diag(torch.tensor([1.0, 2.0, 3.0])))
print(torch.tril(torch.ones(3, 3)))
print(torch.triu(torch.arange(9).reshape(3, 3), diagonal=1))

# %% attention_mask_fill
import torch

T = 4
tril = torch.tril(torch.ones(T, T))
wei = torch.zeros((T, T))
wei = wei.masked_fill(tril == 0, float("-inf"))
print(wei)
print(torch.softmax(wei, dim=-1))

# %% indexing_basics
import torch

t = torch.arange(12).reshape(3, 4)
print(t[0], t[:, 0], t[..., -1])
print(t[1:, 2:])
print(t[[0, 2]], t[t > 5])
print(t[:, None].shape, t[None].shape)

# %% bool_mask_assign
import torch

t = torch.tensor([1.0, -2.0, 3.0, -4.0])
t[t < 0] = 0
print(t)
t[[0, 2]] = torch.tensor([9.0, 8.0])
print(t)

# %% cat_stack_shapes
import torch

a = torch.ones(2, 3)
b = torch.zeros(2, 3)
print(torch.cat([a, b]).shape, torch.cat([a, b], dim=1).shape)
print(torch.stack([a, b]).shape, torch.stack([a, b], dim=2).shape)
print(torch.hstack([a, b]).shape, torch.vstack([a, b]).shape)

# %% cat_shape_error
import torch

torch.cat([torch.ones(2, 3), torch.ones(3, 2)])

# %% split_chunk
import torch

x = torch.arange(10)
print(x.split(4))
print(x.chunk(3))
print(torch.split(x, [3, 7]))

# %% permute_transpose_contiguous
import torch

x = torch.arange(24).reshape(2, 3, 4)
print(x.permute(2, 0, 1).shape, x.transpose(0, 2).shape)
print(x.permute(2, 0, 1).is_contiguous())
print(x.mT.shape, x.T.shape if x.ndim == 2 else "no .T for 3-d here")

# %% squeeze_unsqueeze
import torch

x = torch.zeros(1, 3, 1, 2)
print(x.squeeze().shape, x.squeeze(0).shape, x.squeeze(2).shape)
print(x.unsqueeze(-1).shape, x[None, :, None].shape)

# %% broadcasting_rules
import torch

a = torch.arange(3).reshape(3, 1)
b = torch.arange(4)
print(a + b)
print((a + b).shape)
print(torch.broadcast_shapes((3, 1), (1, 4)))

# %% dtype_conversions
import torch

x = torch.tensor([1.7, -2.3, 3.9])
print(x.int(), x.long(), x.to(torch.int32), x.type(torch.int64))
print(x.half(), x.double(), x.bool())
print(torch.tensor([1, 0, 2]).bool().float())

# %% default_dtypes
import torch

print(torch.tensor([1, 2]).dtype, torch.tensor([1.0]).dtype, torch.tensor([True]).dtype)
print(torch.tensor(3).dtype, torch.tensor(3.0).dtype, torch.arange(3.0).dtype)
print(torch.get_default_dtype())

# %% numpy_bridge_shares
import numpy as np
import torch

a = np.ones(3)
t = torch.from_numpy(a)
np.add(a, 1, out=a)
print(t)
b = t.numpy()
b[0] = 100
print(t, t.dtype)
print(torch.tensor(a) is t, torch.as_tensor(a).dtype)

# %% numpy_float64_default_trap
import numpy as np
import torch
from torch import nn

torch.manual_seed(0)
x = torch.from_numpy(np.random.default_rng(0).normal(size=(2, 3)))
try:
    nn.Linear(3, 1)(x)
except RuntimeError as e:
    print(e)
print(nn.Linear(3, 1)(x.float()).dtype)

# %% comparisons_allclose
import torch

a = torch.tensor([1.0, 2.0, 3.0])
b = a + 1e-7
print(a == b, torch.equal(a, b), torch.allclose(a, b))
print(torch.isclose(a, torch.tensor([1.0, 2.1, 3.0])))
print((a > 1).any(), (a > 0).all(), (a > 1).sum())

# %% reductions_dims
import torch

x = torch.arange(6.0).reshape(2, 3)
print(x.sum(), x.sum(0), x.sum(dim=1, keepdim=True))
print(x.mean(dim=0), x.max(), x.argmax(), x.argmax(dim=1))
print(x.prod(1), x.cumsum(1))
print(x.std(1), x.var(0))

# %% min_max_return_types
import torch

x = torch.tensor([[3.0, 1.0], [0.0, 5.0]])
m = x.max(dim=1)
print(m)
print(m.values, m.indices)
vals, idx = torch.min(x, 0)
print(vals, idx)

# %% arithmetic_ops_print
import torch

a = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor([4.0, 5.0, 6.0])
print(a + b, a * b, a / b, a @ b, a**2)
print(torch.dot(a, b), torch.outer(a, b).shape)
print(a // 2, a % 2, -a, abs(-a))

# %% inplace_ops_print
import torch

x = torch.ones(3)
x.add_(2)
x.mul_(torch.tensor([1.0, 2.0, 3.0]))
x.clamp_(max=7)
print(x)
x.fill_(0.5)
print(x)

# %% item_tolist_types
import torch

x = torch.tensor([[1, 2], [3, 4]])
print(x.tolist(), type(x.tolist()[0][0]))
print(x[0, 1].item(), type(x[0, 1].item()))
print(torch.tensor(2.5).item(), type(torch.tensor(2.5).item()))

# %% size_shape_numel
import torch

x = torch.zeros(2, 3, 4)
print(x.size(), x.shape, x.size(1), x.shape[-1])
print(x.numel(), x.dim(), x.ndim, len(x))
print(type(x.shape).__name__, tuple(x.shape))

# %% print_float_formats
import torch

print(torch.tensor([1.0, 2.5, 1000.0]))
print(torch.tensor([1e-5, 1.0]))
print(torch.tensor([123456.0, 1.0]))
print(torch.tensor([0.1, 0.25], dtype=torch.float64))
print(torch.tensor([1e10, 1.0]))

# %% print_large_tensor_summarised
import torch

print(torch.arange(2000))
print(torch.zeros(100, 100))

# %% print_int_and_bool
import torch

print(torch.tensor([[-1, 20], [300, 4]]))
print(torch.tensor([True, False]))
print(torch.tensor([], dtype=torch.long), torch.empty(0, 3).shape)

# %% where_and_clamp
import torch

x = torch.tensor([-2.0, -0.5, 0.5, 2.0])
print(torch.where(x > 0, x, torch.zeros_like(x)))
print(torch.where(x > 0, x, 0.0))
print(x.clamp(-1, 1), torch.clamp(x, min=0))
print(torch.where(x > 0))

# %% sort_argsort_topk
import torch

x = torch.tensor([3.0, 1.0, 4.0, 1.0, 5.0])
print(torch.sort(x))
print(x.argsort(descending=True))
print(x.topk(2))
print(x.kthvalue(2))

# %% gather_scatter
import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
idx = torch.tensor([[2], [0]])
print(x.gather(1, idx))
z = torch.zeros(2, 3).scatter(1, idx, 1.0)
print(z)

# %% repeat_expand_tile
import torch

x = torch.tensor([1, 2])
print(x.repeat(3), x.repeat(2, 2))
print(x.expand(3, 2))
print(x.repeat_interleave(2))
print(torch.tile(x, (2,)))

# %% flip_roll
import torch

x = torch.arange(5)
print(x.flip(0), torch.roll(x, 2))
print(torch.arange(6).reshape(2, 3).flip(1))

# %% einsum_matmul
import torch

a = torch.arange(6.0).reshape(2, 3)
b = torch.arange(12.0).reshape(3, 4)
print(torch.einsum("ij,jk->ik", a, b))
print(torch.allclose(torch.einsum("ij,jk->ik", a, b), a @ b))
print(torch.einsum("ii", torch.eye(3)))

# %% bmm_shapes
import torch

torch.manual_seed(0)
a = torch.randn(4, 2, 3)
b = torch.randn(4, 3, 5)
print(torch.bmm(a, b).shape, (a @ b).shape)
print(torch.matmul(a, torch.randn(3)).shape)

# %% linalg_norm_basics
import torch

v = torch.tensor([3.0, 4.0])
print(v.norm(), torch.linalg.norm(v), v.norm(p=1))
m = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
print(torch.linalg.norm(m), m.norm(dim=1))
print(torch.linalg.inv(m))
print(torch.linalg.det(m))

# %% clone_detach_copy
import torch

a = torch.tensor([1.0, 2.0])
b = a
c = a.clone()
a[0] = 10
print(b, c)
d = torch.empty(2)
d.copy_(a)
print(d)

# %% math_functions
import torch

x = torch.tensor([0.25, 1.0, 4.0])
print(torch.sqrt(x), torch.log(x), torch.exp(x))
print(torch.sin(x), x.pow(0.5), torch.rsqrt(x))
print(torch.log2(x), torch.log10(x), x.reciprocal())

# %% nan_inf_checks
import torch

x = torch.tensor([1.0, float("nan"), float("inf"), -float("inf")])
print(x, torch.isnan(x), torch.isinf(x), torch.isfinite(x))
print(torch.nan_to_num(x))
print(x.nansum() if hasattr(x, "nansum") else None)

# %% integer_division_types
import torch

a = torch.tensor([5, -5])
print(a / 2, a // 2, torch.div(a, 2, rounding_mode="trunc"), torch.div(a, 2, rounding_mode="floor"))
print(a % 3, torch.fmod(a, 3), torch.remainder(a, 3))

# %% random_choices_seeded
import torch

torch.manual_seed(42)
print(torch.randn(2, 3))
print(torch.randint(5, (3,)))
print(torch.randint(2, 6, (2, 2)))
print(torch.rand(3) < 0.5)
print(torch.randperm(5))

# %% normal_mean_std_tensors
import torch

torch.manual_seed(0)
print(torch.normal(mean=torch.zeros(3), std=torch.ones(3)))
print(torch.normal(2.0, 3.0, size=(2,)))
print(torch.empty(3).exponential_() if hasattr(torch.Tensor, "exponential_") else None)

# %% view_as_reshape_as
import torch

a = torch.arange(6)
b = torch.zeros(2, 3)
print(a.view_as(b), a.reshape_as(b).shape)
print(a.unflatten(0, (2, 3)).shape)

# %% nonzero_argwhere
import torch

x = torch.tensor([[0, 1], [2, 0]])
print(x.nonzero())
print(torch.nonzero(x, as_tuple=True))
print(torch.argwhere(x))
print(torch.count_nonzero(x))

# %% tensor_from_list_of_tensors_error
import torch

torch.tensor([torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])])

# %% stack_list_of_scalars
import torch

losses = [torch.tensor(0.5), torch.tensor(0.25), torch.tensor(0.125)]
print(torch.stack(losses))
print(torch.stack(losses).mean())
print(torch.tensor([l.item() for l in losses]))
