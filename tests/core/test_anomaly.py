"""Anomaly detection: the forward traceback of a failing node, and NaN gradients caught."""

import pathlib
import re
import warnings

import pytest

import pyautograd as T
from pyautograd import autograd


def test_off_by_default_and_set_detect_anomaly_toggles():
    assert not T.is_anomaly_enabled()
    with autograd.set_detect_anomaly(True):
        assert autograd.is_anomaly_enabled()
    assert not autograd.is_anomaly_enabled()


def test_nan_gradient_is_reported_with_the_forward_line():
    a = T.tensor([0.0], requires_grad=True)
    with pytest.warns(UserWarning, match="Anomaly Detection has been enabled"):
        ctx = autograd.detect_anomaly()
    with ctx:
        y = T.sqrt(a) * 0  # d sqrt at 0 is inf; inf * 0 is nan
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            with pytest.raises(
                RuntimeError, match=r"^Function 'SqrtBackward0' returned nan values in its 0th output\.$"
            ):
                y.sum().backward()
    messages = [str(w.message) for w in caught]
    assert any(
        m.startswith("Error detected in SqrtBackward0. Traceback of forward call")
        and "test_anomaly.py" in m
        and "T.sqrt(a)" in m
        for m in messages
    ), messages
    assert not T.is_anomaly_enabled()


def test_check_nan_false_lets_nan_through():
    a = T.tensor([0.0], requires_grad=True)
    with autograd.set_detect_anomaly(True, check_nan=False):
        (T.sqrt(a) * 0).sum().backward()
    assert a.grad.isnan().all()


def test_without_anomaly_mode_nan_flows_silently_like_pytorch():
    a = T.tensor([0.0], requires_grad=True)
    (T.sqrt(a) * 0).sum().backward()
    assert a.grad.isnan().all()


def test_freed_graph_error_names_the_forward_line_in_anomaly_mode():
    x = T.tensor([1.0, 2.0], requires_grad=True)
    with autograd.set_detect_anomaly(True):
        y = (x.exp()).sum()
        y.backward()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            with pytest.raises(RuntimeError, match="Trying to backward through the graph a second time"):
                y.backward()
    assert any("Error detected in ExpBackward0" in str(w.message) for w in caught)


def test_forward_trace_and_warning_point_at_the_learner_not_the_engine():
    """The trace ends at the learner's line (no pyautograd frames), and the warning is
    attributed to the learner's backward() call, as PyTorch's traces read."""
    package = pathlib.Path(T.__file__).resolve().parent
    x = T.tensor([0.0], requires_grad=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with autograd.set_detect_anomaly(True):
            y = T.sqrt(x) * 0
            with pytest.raises(RuntimeError, match="returned nan values"):
                y.backward()
    (report,) = [w for w in caught if "Traceback of forward call" in str(w.message)]
    files = re.findall(r'File "([^"]+)"', str(report.message))
    assert files[-1] == __file__
    assert not [f for f in files if pathlib.Path(f).resolve().is_relative_to(package)]
    assert report.filename == __file__
