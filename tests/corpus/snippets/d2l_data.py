# Snippets in the spirit of d2l.ai chapter 2.1 (data manipulation) and 2.3
# (linear algebra), retyped by a learner following along.

# %% arange_numel_shape
import torch

x = torch.arange(12, dtype=torch.float32)
print(x)
print(x.numel())
print(x.shape)

# %% reshape_infer
import torch

x = torch.arange(12, dtype=torch.float32)
X = x.reshape(3, 4)
print(X)
print(x.reshape(-1, 4).shape, x.reshape(3, -1).shape)

# %% zeros_ones
import torch

print(torch.zeros((2, 3, 4)))
print(torch.ones((2, 3, 4)))

# %% tensor_from_lists
import torch

print(torch.tensor([[2, 1, 4, 3], [1, 2, 3, 4], [4, 3, 2, 1]]))

# %% index_slice_rows
import torch

X = torch.arange(12, dtype=torch.float32).reshape(3, 4)
print(X[-1])
print(X[1:3])

# %% write_element
import torch

X = torch.arange(12, dtype=torch.float32).reshape(3, 4)
X[1, 2] = 17
print(X)

# %% write_slice
import torch

X = torch.arange(12, dtype=torch.float32).reshape(3, 4)
X[:2, :] = 12
print(X)

# %% exp_elementwise
import torch

x = torch.arange(12, dtype=torch.float32)
print(torch.exp(x))

# %% binary_ops
import torch

x = torch.tensor([1.0, 2, 4, 8])
y = torch.tensor([2, 2, 2, 2])
print(x + y, x - y, x * y, x / y, x**y)

# %% cat_dims
import torch

X = torch.arange(12, dtype=torch.float32).reshape((3, 4))
Y = torch.tensor([[2.0, 1, 4, 3], [1, 2, 3, 4], [4, 3, 2, 1]])
print(torch.cat((X, Y), dim=0))
print(torch.cat((X, Y), dim=1))

# %% logical_eq
import torch

X = torch.arange(12, dtype=torch.float32).reshape((3, 4))
Y = torch.tensor([[2.0, 1, 4, 3], [1, 2, 3, 4], [4, 3, 2, 1]])
print(X == Y)

# %% sum_all
import torch

X = torch.arange(12, dtype=torch.float32).reshape((3, 4))
print(X.sum())

# %% broadcasting_arange
import torch

a = torch.arange(3).reshape((3, 1))
b = torch.arange(2).reshape((1, 2))
print(a, b)
print(a + b)

# %% saving_memory_id
import torch

X = torch.arange(12, dtype=torch.float32).reshape((3, 4))
Y = torch.ones(3, 4)
before = id(Y)
Y = Y + X
print(id(Y) == before)

# %% saving_memory_zeros_like
import torch

X = torch.arange(12, dtype=torch.float32).reshape((3, 4))
Y = torch.ones(3, 4)
Z = torch.zeros_like(Y)
print("id(Z):", id(Z) == id(Z))
before = id(Z)
Z[:] = X + Y
print(id(Z) == before)

# %% saving_memory_iadd
import torch

X = torch.arange(12, dtype=torch.float32).reshape((3, 4))
Y = torch.ones(3, 4)
before = id(X)
X += Y
print(id(X) == before)

# %% to_numpy_and_back
import torch

X = torch.arange(12, dtype=torch.float32).reshape((3, 4))
A = X.numpy()
B = torch.from_numpy(A)
print(type(A).__name__, type(B).__name__)
print(A.dtype, B.dtype)

# %% numpy_shares_memory
import torch

t = torch.ones(3)
n = t.numpy()
t.add_(1)
print(n)

# %% size1_to_scalar
import torch

a = torch.tensor([3.5])
print(a, a.item(), float(a), int(a))

# %% torch_tensor_from_numpy_float64
import numpy as np
import torch

arr = np.array([1.0, 2.0, 3.0])
t = torch.tensor(arr)
print(t)
print(t.dtype)

# %% scalars_arith
import torch

x = torch.tensor(3.0)
y = torch.tensor(2.0)
print(x + y, x * y, x / y, x**y)

# %% vector_index_len
import torch

x = torch.arange(3)
print(x)
print(x[2])
print(len(x))
print(x.shape)

# %% matrix_transpose
import torch

A = torch.arange(6).reshape(3, 2)
print(A)
print(A.T)

# %% symmetric_matrix
import torch

A = torch.tensor([[1, 2, 3], [2, 0, 4], [3, 4, 5]])
print(A == A.T)

# %% tensor_3d
import torch

print(torch.arange(24).reshape(2, 3, 4))

# %% hadamard
import torch

A = torch.arange(6, dtype=torch.float32).reshape(2, 3)
B = A.clone()
print(A, A + B)
print(A * B)

# %% scalar_plus_tensor
import torch

a = 2
X = torch.arange(24).reshape(2, 3, 4)
print(a + X, (a * X).shape)

# %% reduction_sum
import torch

x = torch.arange(3, dtype=torch.float32)
print(x, x.sum())

# %% reduction_axis
import torch

A = torch.arange(6, dtype=torch.float32).reshape(2, 3)
print(A.shape, A.sum())
print(A.sum(axis=0).shape)
print(A.sum(axis=1).shape)
print(A.sum(axis=[0, 1]) == A.sum())

# %% mean_numel
import torch

A = torch.arange(6, dtype=torch.float32).reshape(2, 3)
print(A.mean(), A.sum() / A.numel())
print(A.mean(axis=0), A.sum(axis=0) / A.shape[0])

# %% non_reduction_sum_keepdims
import torch

A = torch.arange(6, dtype=torch.float32).reshape(2, 3)
sum_A = A.sum(axis=1, keepdims=True)
print(sum_A, sum_A.shape)
print(A / sum_A)

# %% cumsum_axis0
import torch

A = torch.arange(6, dtype=torch.float32).reshape(2, 3)
print(A.cumsum(axis=0))

# %% dot_products
import torch

x = torch.arange(3, dtype=torch.float32)
y = torch.ones(3, dtype=torch.float32)
print(x, y, torch.dot(x, y))
print(torch.sum(x * y))

# %% matrix_vector
import torch

A = torch.arange(6, dtype=torch.float32).reshape(2, 3)
x = torch.arange(3, dtype=torch.float32)
print(A.shape, x.shape, torch.mv(A, x), A @ x)

# %% matrix_matrix
import torch

A = torch.arange(6, dtype=torch.float32).reshape(2, 3)
B = torch.ones(3, 4)
print(torch.mm(A, B), A @ B)

# %% norms
import torch

u = torch.tensor([3.0, -4.0])
print(torch.norm(u))
print(torch.abs(u).sum())
print(torch.norm(torch.ones((4, 9))))

# %% linalg_norm
import torch

print(torch.linalg.norm(torch.tensor([3.0, 4.0])))

# %% sum_axis_int_tensor
import torch

A = torch.arange(6).reshape(2, 3)
print(A.sum(axis=0))
print(A.mean(dtype=torch.float32))

# %% mean_int_tensor_error
import torch

A = torch.arange(6).reshape(2, 3)
print(A.mean())

# %% reshape_shares_data
import torch

a = torch.arange(6.0)
b = a.reshape(2, 3)
b[0, 0] = 100
print(a)

# %% randn_shape_only
import torch

print(torch.randn(3, 4).shape)
print(torch.rand(2, 2).dtype)

# %% sum_over_all_but_one
import torch

X = torch.arange(24.0).reshape(2, 3, 4)
print(X.sum(axis=(0, 2)))
print(X.sum(axis=-1).shape)

# %% A_div_A_sum_axis1
import torch

A = torch.arange(6, dtype=torch.float32).reshape(2, 3)
print(A / A.sum(axis=1))

# %% len_of_3d
import torch

X = torch.arange(24).reshape(2, 3, 4)
print(len(X))

# %% tensor_int64_dtype
import torch

x = torch.arange(4)
print(x.dtype)
print(torch.tensor([1.5, 2]).dtype)
print(torch.tensor([True]).dtype)

# %% float_tensor_int_exponent
import torch

x = torch.tensor([1.0, 2, 4, 8])
y = torch.tensor([2, 2, 2, 2])
print((x**y).dtype, (y**2).dtype, (y / 2).dtype)

# %% matrix_power_ints
import torch

A = torch.tensor([[1, 2], [3, 4]])
print(A @ A)
print(torch.matmul(A, A).dtype)

# %% eye_and_diag
import torch

print(torch.eye(3))
print(torch.eye(2, 3))

# %% full_like_and_ones_like
import torch

x = torch.arange(4.0).reshape(2, 2)
print(torch.full_like(x, 7))
print(torch.ones_like(x, dtype=torch.int64))

# %% linspace_and_arange_float
import torch

print(torch.linspace(0, 1, 5))
print(torch.arange(0, 1, 0.2))
print(torch.arange(1, 4))

# %% unsqueeze_squeeze_shapes
import torch

x = torch.arange(3.0)
print(x.unsqueeze(0).shape, x.unsqueeze(1).shape, x[None, :].shape, x[:, None].shape)
print(x.unsqueeze(0).squeeze().shape)

# %% stack_vs_cat
import torch

a = torch.tensor([1.0, 2.0])
b = torch.tensor([3.0, 4.0])
print(torch.stack([a, b]))
print(torch.stack([a, b], dim=1))
print(torch.cat([a, b]))

# %% boolean_mask
import torch

x = torch.tensor([-1.0, 2.0, -3.0, 4.0])
print(x[x > 0])
x[x < 0] = 0
print(x)

# %% where_function
import torch

x = torch.tensor([-1.0, 2.0, -3.0, 4.0])
print(torch.where(x > 0, x, torch.zeros_like(x)))

# %% tolist_and_item
import torch

x = torch.tensor([[1.5, 2.0], [3.0, 4.25]])
print(x.tolist())
print(x[1, 1].item())

# %% dtype_conversion
import torch

x = torch.tensor([1.7, -2.2])
print(x.int(), x.long(), x.double(), x.to(torch.int32))
print(x.type(torch.int64))

# %% float_to_bool
import torch

print(torch.tensor([0.0, 1.5, -2.0]).bool())

# %% max_along_dim
import torch

X = torch.tensor([[1.0, 5.0, 2.0], [7.0, 0.0, 3.0]])
print(X.max(dim=1))
values, indices = X.max(dim=0)
print(values, indices)

# %% argmax_rows
import torch

X = torch.tensor([[1.0, 5.0, 2.0], [7.0, 0.0, 3.0]])
print(X.argmax(dim=1))
print(X.argmax())

# %% sort_values
import torch

x = torch.tensor([3.0, 1.0, 2.0])
print(torch.sort(x))
print(x.sort(descending=True).values)

# %% view_vs_reshape_transposed
import torch

X = torch.arange(6.0).reshape(2, 3)
print(X.t().reshape(6))
print(X.t().contiguous().view(6))
print(X.t().is_contiguous())

# %% numpy_array_to_tensor_int
import numpy as np
import torch

print(torch.tensor(np.arange(3)))
print(torch.from_numpy(np.arange(3, dtype=np.int32)))
