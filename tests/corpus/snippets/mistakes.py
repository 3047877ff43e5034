# Common mistakes and bad inputs: what a learner gets wrong on the first try,
# and the error (type and wording) PyTorch answers with.

# %% int_tensor_requires_grad
import torch

x = torch.tensor([1, 2, 3], requires_grad=True)

# %% arange_int_requires_grad
import torch

x = torch.arange(3, requires_grad=True)

# %% backward_nonscalar
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
(x * 2).backward()

# %% backward_on_no_grad_tensor
import torch

x = torch.tensor([1.0, 2.0])
(x * 2).sum().backward()

# %% nonleaf_grad_none_warning
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.sum().backward()
print(y.grad)

# %% inplace_on_leaf
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
w += 1

# %% inplace_on_leaf_method
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
w.add_(1)

# %% inplace_on_view_of_leaf
import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
w[0] = 5.0

# %% inplace_on_view_of_leaf_slice
import torch

w = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
w[:, 0].mul_(2)

# %% inplace_modified_saved
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a.sigmoid()
b.mul_(2)
b.sum().backward()

# %% numpy_on_requires_grad
import torch

x = torch.tensor([1.0], requires_grad=True)
x.numpy()

# %% numpy_after_detach_ok
import torch

x = torch.tensor([1.0], requires_grad=True)
print(x.detach().numpy())

# %% item_on_vector
import torch

torch.tensor([1.0, 2.0]).item()

# %% shape_mismatch_add
import torch

torch.ones(2, 3) + torch.ones(3, 2)

# %% matmul_shape_mismatch
import torch

torch.ones(2, 3) @ torch.ones(2, 3)

# %% mm_on_1d
import torch

torch.mm(torch.ones(3), torch.ones(3))

# %% mm_1d_and_2d
import torch

torch.ones(3).mm(torch.ones(3, 2))

# %% matmul_long_float
import torch

torch.tensor([[1, 2]]) @ torch.tensor([[1.0], [2.0]])

# %% matmul_double_float
import torch

torch.ones(2, 2, dtype=torch.float64) @ torch.ones(2, 2)

# %% mm_long_float
import torch

torch.mm(torch.ones(2, 2, dtype=torch.long), torch.ones(2, 2))

# %% linear_with_long_input
import torch
from torch import nn

nn.Linear(2, 1)(torch.tensor([[1, 2]]))

# %% linear_with_double_input
import torch
from torch import nn

nn.Linear(2, 1)(torch.tensor([[1.0, 2.0]], dtype=torch.float64))

# %% linear_wrong_features
import torch
from torch import nn

nn.Linear(3, 1)(torch.ones(2, 4))

# %% tensor_from_string
import torch

torch.tensor("abc")

# %% tensor_from_list_of_strings
import torch

torch.tensor(["1", "2"])

# %% ragged_nested_list
import torch

torch.tensor([[1, 2], [3]])

# %% ragged_nested_floats
import torch

torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0]])

# %% index_0d
import torch

x = torch.tensor(5.0)
x[0]

# %% index_out_of_range
import torch

torch.arange(3)[3]

# %% grad_assign_wrong_dtype
import torch

x = torch.ones(2, requires_grad=True)
x.grad = torch.ones(2, dtype=torch.float64)

# %% grad_assign_wrong_shape
import torch

x = torch.ones(2, requires_grad=True)
x.grad = torch.ones(3)

# %% grad_assign_int_tensor
import torch

x = torch.ones(2, requires_grad=True)
x.grad = torch.tensor([1, 2])

# %% bool_subtraction
import torch

a = torch.tensor([True, False])
b = torch.tensor([False, False])
a - b

# %% bool_negation
import torch

-torch.tensor([True, False])

# %% bool_invert_ok
import torch

print(~torch.tensor([True, False]))
print(torch.tensor([True, False]).logical_not())

# %% int_negative_power
import torch

torch.tensor([1, 2, 3]) ** -1

# %% int_negative_power_fn
import torch

torch.pow(torch.tensor([2, 4]), -2)

# %% int_power_float_ok
import torch

print(torch.tensor([1, 2, 4]) ** -1.0)

# %% cross_entropy_float_targets
import torch
import torch.nn.functional as F

F.cross_entropy(torch.randn(3, 4), torch.tensor([1.0, 0.0, 3.0]))

# %% cross_entropy_target_out_of_range
import torch
import torch.nn.functional as F

F.cross_entropy(torch.zeros(2, 3), torch.tensor([0, 3]))

# %% cross_entropy_1d_input
import torch
import torch.nn.functional as F

print(F.cross_entropy(torch.tensor([1.0, 2.0, 0.5]), torch.tensor(1)))

# %% mse_int_target
import torch
import torch.nn.functional as F

F.mse_loss(torch.tensor([1.0, 2.0]), torch.tensor([1, 2]))

# %% bce_out_of_range
import torch
import torch.nn.functional as F

F.binary_cross_entropy(torch.tensor([1.5]), torch.tensor([1.0]))

# %% view_noncontiguous
import torch

torch.arange(6.0).reshape(2, 3).t().view(6)

# %% reshape_bad_size
import torch

torch.arange(6).reshape(4, 2)

# %% transpose_on_3d
import torch

torch.ones(2, 3, 4).t()

# %% T_on_3d_warns
import torch

print(torch.ones(2, 3, 4).T.shape)

# %% T_on_1d
import torch

print(torch.ones(3).T.shape)

# %% backward_twice
import torch

x = torch.tensor(2.0, requires_grad=True)
y = x.exp()
y.backward()
y.backward()

# %% forgot_zero_grad
import torch

w = torch.tensor(1.0, requires_grad=True)
for _ in range(3):
    loss = (w * 2 - 1) ** 2
    loss.backward()
    print(w.grad)

# %% requires_grad_on_nonleaf
import torch

x = torch.tensor(1.0, requires_grad=True)
y = x * 2
y.requires_grad = False

# %% cat_mismatched
import torch

torch.cat([torch.ones(2, 2), torch.ones(3, 3)])

# %% cat_not_list
import torch

torch.cat(torch.ones(2), torch.ones(2))

# %% stack_different_sizes
import torch

torch.stack([torch.ones(2), torch.ones(3)])

# %% sum_dim_out_of_range
import torch

torch.ones(2, 3).sum(dim=2)

# %% squeeze_dim_not_one
import torch

print(torch.ones(2, 3).squeeze(0).shape)

# %% autograd_grad_unused
import torch

a = torch.tensor(1.0, requires_grad=True)
b = torch.tensor(1.0, requires_grad=True)
torch.autograd.grad(a * 2, [a, b])

# %% grad_after_no_grad
import torch

x = torch.tensor(1.0, requires_grad=True)
with torch.no_grad():
    y = x * 2
y.backward()

# %% float_of_vector
import torch

float(torch.tensor([1.0, 2.0]))

# %% if_on_vector
import torch

x = torch.tensor([1.0, -1.0])
if x > 0:
    print("positive")

# %% len_of_scalar
import torch

len(torch.tensor(3.0))

# %% iterate_0d
import torch

for v in torch.tensor(1.0):
    print(v)

# %% optimizer_empty
import torch

torch.optim.SGD([], lr=0.1)

# %% optimizer_tensor_not_iterable
import torch

torch.optim.SGD(torch.ones(2, requires_grad=True), lr=0.1)

# %% optimizer_negative_lr
import torch

torch.optim.SGD([torch.ones(2, requires_grad=True)], lr=-0.1)

# %% optimizer_no_lr
import torch

torch.optim.SGD([torch.ones(2, requires_grad=True)])

# %% module_call_without_init
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        self.fc = nn.Linear(2, 1)


Net()

# %% module_forward_missing
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()


Net()(torch.ones(1))

# %% load_state_dict_missing_key
import torch
from torch import nn

nn.Linear(2, 1).load_state_dict({"weight": torch.ones(1, 2)})

# %% overflow_exp
import torch

print(torch.exp(torch.tensor([100.0, 1000.0])))

# %% log_of_negative
import torch

print(torch.log(torch.tensor([-1.0, 0.0, 1.0])))

# %% sqrt_of_negative
import torch

print(torch.sqrt(torch.tensor([-4.0, 4.0])))

# %% divide_by_zero
import torch

print(torch.tensor([1.0, -1.0, 0.0]) / 0)

# %% mean_of_empty
import torch

print(torch.tensor([]).mean())

# %% int_divide_by_zero
import torch

print(torch.tensor([1, 2]) / 0)

# %% integer_floor_div_zero
import torch

torch.tensor([1, 2]) // 0

# %% sigmoid_overflow
import torch

print(torch.sigmoid(torch.tensor([-1000.0, 1000.0])))

# %% softmax_large_logits
import torch

print(torch.softmax(torch.tensor([1000.0, 1001.0]), dim=0))

# %% manual_softmax_overflow
import torch

x = torch.tensor([1000.0, 1001.0])
print(torch.exp(x) / torch.exp(x).sum())

# %% log_sigmoid_underflow
import torch

print(torch.log(torch.sigmoid(torch.tensor([-200.0]))))

# %% nan_loss_prints
import torch

loss = torch.tensor(0.0) / torch.tensor(0.0)
print(loss, torch.isnan(loss))

# %% tensor_bool_ambiguous
import torch

bool(torch.tensor([1.0, 2.0]))

# %% add_string
import torch

torch.ones(2) + "1"

# %% wrong_kwarg
import torch

torch.ones(2).sum(axes=0)

# %% unknown_attribute
import torch

torch.ones(2).foo

# %% tensor_with_none
import torch

torch.tensor([1.0, None])

# %% view_infer_two
import torch

torch.ones(6).view(-1, -1)

# %% expand_bad
import torch

torch.ones(3).expand(2, 4)

# %% requires_grad_on_int_after
import torch

torch.tensor([1, 2]).requires_grad_()

# %% detach_then_backward
import torch

x = torch.tensor(1.0, requires_grad=True)
y = (x * 2).detach()
y.backward()

# %% grad_outputs_shape
import torch

x = torch.ones(3, requires_grad=True)
torch.autograd.grad(x * 2, x, grad_outputs=torch.ones(2))

# %% linear_input_1d_wrong
import torch
from torch import nn

nn.Linear(2, 3)(torch.ones(3))

# %% int_times_float_tensor_dtype
import torch

print((torch.tensor([1, 2]) * torch.tensor([0.5, 0.5])).dtype)
print((torch.tensor([1, 2]) + 0.5).dtype)
print((torch.tensor([True]) + 1).dtype)

# %% float32_float64_mix
import torch

a = torch.ones(2)
b = torch.ones(2, dtype=torch.float64)
print((a + b).dtype, (a * torch.tensor(2.0, dtype=torch.float64)).dtype)

# %% pow_zero_zero_grad
import torch

x = torch.tensor([0.0, 2.0], requires_grad=True)
(x**0).sum().backward()
print(x.grad)

# %% pow_x_to_x_at_zero
import torch

x = torch.tensor(0.0, requires_grad=True)
y = x**x
y.backward()
print(y, x.grad)

# %% masked_fill_vs_setitem_grad
import torch

x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
y = x * 1
y[y < 0] = 0
y.sum().backward()
print(y, x.grad)

# %% clamp_grad_bounds
import torch

x = torch.tensor([-1.0, 0.0, 0.5, 1.0, 2.0], requires_grad=True)
x.clamp(0, 1).sum().backward()
print(x.grad)

# %% anomaly_traceback_frames
import traceback

import torch

x = torch.tensor([0.0], requires_grad=True)
with torch.autograd.set_detect_anomaly(True):
    try:
        (torch.sqrt(x) * 0).backward()
    except RuntimeError as e:
        print(type(e).__name__, str(e).splitlines()[0])

# %% inplace_on_view_of_nonleaf_grad
import torch

x = torch.ones(2, requires_grad=True)
y = x * 1
y[0].mul_(5)
y.sum().backward()
print(y, x.grad)

# %% inplace_on_element_view_no_grad
import torch

y = torch.ones(3)
y[0].add_(1)
y[1] += 5
print(y)
