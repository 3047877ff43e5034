# Printed forms learners meet: f-strings and format specs on tensors, model and
# parameter reprs, optimizer reprs, print options.

# %% fstring_loss
import torch

loss = torch.tensor(0.123456)
print(f"{loss}")
print(f"loss = {loss}")

# %% str_format_tensor
import torch

t = torch.tensor([1.0, 2.0])
print("{}".format(t))
print("value: {}".format(torch.tensor(3.5)))

# %% format_spec_0d
import torch

t = torch.tensor(2.0 / 3.0)
print(f"{t:.3f}")
print("{:.2e}".format(t))
print(f"{t:>10.4f}|")

# %% format_spec_0d_requires_grad
import torch

w = torch.tensor(1.5, requires_grad=True)
loss = (w * 2) ** 2
print(f"{loss:.4f}")
print(f"{loss.item():.4f}")

# %% format_spec_vector_error
import torch

print(f"{torch.tensor([1.0, 2.0]):.2f}")

# %% format_int_0d
import torch

print(f"{torch.tensor(7):d}")
print(f"{torch.tensor(7):5}")

# %% fstring_grad_fn
import torch

x = torch.tensor(2.0, requires_grad=True)
print(f"{x * 3}")
print(f"{x.grad}")

# %% percent_format
import torch

print("loss %.3f" % torch.tensor(0.5))

# %% round_0d
import torch

print(round(torch.tensor(2.567).item(), 2))
print(round(torch.tensor(2.567), 2))

# %% parameter_repr
import torch
from torch import nn

p = nn.Parameter(torch.tensor([1.0, 2.0]))
print(p)
print(repr(p))

# %% parameter_repr_model_weight
import torch
from torch import nn

lin = nn.Linear(2, 1)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[0.5, -0.5]]))
print(lin.weight)
print(lin.weight.data)

# %% parameter_no_grad_repr
import torch
from torch import nn

p = nn.Parameter(torch.ones(2), requires_grad=False)
print(p)

# %% parameter_arith_result
import torch
from torch import nn

p = nn.Parameter(torch.tensor([1.0, 2.0]))
print(p * 2)
print(type(p * 2).__name__, type(p).__name__)

# %% model_repr_sequential
import torch
from torch import nn

print(nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1), nn.Sigmoid()))

# %% model_repr_custom
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.flatten = nn.Flatten()
        self.stack = nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 10))

    def forward(self, x):
        return self.stack(self.flatten(x))


print(Net())

# %% layer_reprs
import torch
from torch import nn

print(nn.Linear(3, 2, bias=False))
print(nn.Dropout(0.2))
print(nn.LeakyReLU(0.01))
print(nn.Softmax(dim=1))
print(nn.MSELoss())
print(nn.CrossEntropyLoss())

# %% optimizer_repr_sgd
import torch

p = torch.zeros(2, requires_grad=True)
print(torch.optim.SGD([p], lr=0.1))

# %% optimizer_repr_adam
import torch

p = torch.zeros(2, requires_grad=True)
print(torch.optim.Adam([p], lr=1e-3))

# %% optimizer_repr_sgd_momentum
import torch

p = torch.zeros(2, requires_grad=True)
print(torch.optim.SGD([p], lr=0.01, momentum=0.9, weight_decay=1e-4))

# %% set_printoptions_precision
import torch

torch.set_printoptions(precision=2)
print(torch.tensor([1.23456, 2.5]))
torch.set_printoptions(precision=4)
print(torch.tensor([1.23456, 2.5]))

# %% set_printoptions_sci_mode_false
import torch

torch.set_printoptions(sci_mode=False)
print(torch.tensor([0.0001, 1000.0, 3.5]))
print(torch.tensor([1e-8, 1.0]))

# %% set_printoptions_sci_mode_false_matrix
import torch

torch.set_printoptions(sci_mode=False)
print(torch.tensor([[1e-5, 2.0], [300.0, 4e-3]]))

# %% set_printoptions_sci_mode_true
import torch

torch.set_printoptions(sci_mode=True)
print(torch.tensor([1.0, 2.0]))

# %% set_printoptions_linewidth
import torch

torch.set_printoptions(linewidth=40)
print(torch.arange(20.0))

# %% set_printoptions_threshold
import torch

torch.set_printoptions(threshold=5)
print(torch.arange(10))
torch.set_printoptions(profile="default")
print(torch.arange(10))

# %% repr_dtypes
import torch

print(torch.tensor([1, 2], dtype=torch.int32))
print(torch.tensor([1.0, 2.0], dtype=torch.float16))
print(torch.tensor([1.0], dtype=torch.float64))
print(torch.tensor([], dtype=torch.int64))

# %% repr_requires_grad_and_grad_fn
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
print(x)
print(x + 1)
print(x.sum())
print(x.mean())
print(x[0])
print(x.view(2, 1))

# %% grad_fn_names
import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
for y in (x.exp(), x.t(), x @ x, x / 2, 2 / x, x.max(), x.reshape(4), x.unsqueeze(0), x.relu(), x.pow(2)):
    print(y.grad_fn.name())

# %% grad_fn_div_tensor
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
print((a / b).grad_fn)
print((a / 2).grad_fn)

# %% grad_fn_copy_after_create_graph
import torch

x = torch.tensor(2.0, requires_grad=True)
(x**3).backward(create_graph=True)
print(x.grad)

# %% shape_and_size_print
import torch

x = torch.ones(2, 3)
print(x.shape, x.size(), x.size(0), x.dim(), x.ndim)
print(tuple(x.shape), list(x.shape))

# %% dtype_print
import torch

print(torch.float32, torch.float, torch.int64, torch.long, torch.bool)
print(torch.get_default_dtype())

# %% print_tuple_of_tensors
import torch

print((torch.tensor(1.0), torch.tensor([2.0, 3.0])))
print([torch.tensor(1), torch.tensor(2)])

# %% print_dict_of_tensors
import torch

print({"w": torch.tensor([1.0]), "b": torch.tensor(0.5)})

# %% item_prints_python_float
import torch

print(torch.tensor(0.1).item())
print(torch.tensor(0.1, dtype=torch.float64).item())
print(torch.tensor(3).item())

# %% tolist_float32
import torch

print(torch.tensor([0.1, 0.2]).tolist())

# %% numpy_print
import torch

print(torch.tensor([0.1, 0.2]).numpy())
print(torch.tensor([[1, 2], [3, 4]]).numpy())

# %% type_method
import torch

print(torch.ones(1).type(), torch.ones(1, dtype=torch.int64).type())
print(type(torch.ones(1)))

# %% isinstance_checks
import torch
from torch import nn

print(isinstance(torch.ones(1), torch.Tensor))
print(isinstance(nn.Parameter(torch.ones(1)), torch.Tensor))
print(torch.is_tensor(torch.ones(1)), torch.is_tensor([1]))

# %% wide_matrix
import torch

print(torch.arange(40.0).reshape(2, 20) / 3)

# %% long_vector_summary
import torch

print(torch.arange(2000))

# %% negative_and_small
import torch

print(torch.tensor([-0.5, 0.001, 123.0]))
print(torch.tensor([[-1e-3, 5.0]]))

# %% max_return_types
import torch

print(torch.tensor([[1.0, 3.0], [2.0, 0.0]]).max(dim=1))
print(torch.tensor([3.0, 1.0]).sort())

# %% state_dict_print
import torch
from torch import nn

net = nn.Sequential(nn.Linear(2, 2))
with torch.no_grad():
    net[0].weight.fill_(1.0)
    net[0].bias.fill_(0.0)
print(net.state_dict())

# %% named_parameters_print
import torch
from torch import nn

net = nn.Linear(2, 1)
with torch.no_grad():
    net.weight.fill_(0.5)
    net.bias.fill_(0.25)
for name, param in net.named_parameters():
    print(name, param)

# %% print_grad_after_backward_vector
import torch

x = torch.tensor([0.1, 0.2, 0.3], requires_grad=True)
(x.exp() * x).sum().backward()
print(x.grad)

# %% print_integer_valued_float
import torch

print(torch.tensor([2.0, 4.0]) / 2)
print(torch.tensor(1e10))
print(torch.tensor([1e10, 1.0]))

# %% print_bool_scalar
import torch

print(torch.tensor(1.0) > 0)
print(torch.tensor([1.0, 2.0]) == torch.tensor([1.0, 3.0]))

# %% print_half_and_int8
import torch

print(torch.tensor([1, 2], dtype=torch.int8))
print(torch.tensor([1, 2], dtype=torch.uint8))

# %% repr_empty_shapes
import torch

print(torch.zeros(0))
print(torch.zeros(2, 0))
print(torch.empty(0, dtype=torch.int64))
