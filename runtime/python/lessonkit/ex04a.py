"""Exercises of lesson 4a (build your own autograd): the reader extends the page's ``Value``.

Each judge gets the reader's ``Value`` class (or function), builds small graphs at points
the page never uses, runs the reader's ``backward()`` and compares every gradient with
the derivative worked out here. Graphs use an input twice, so a backward that assigns
instead of adding is caught too.
"""

import math

from .exercises import Exercise, close, written


def _grads(Value, build, point):
    """Gradients of ``build(*values)`` at ``point``, through the reader's engine."""
    leaves = [Value(p) for p in point]
    out = build(*leaves)
    out.backward()
    return out.data, [leaf.grad for leaf in leaves]


def _agrees(Value, build, cases):
    for point, want_value, want_grads in cases:
        value, grads = _grads(Value, build, point)
        if not close(value, want_value, 1e-6) or not close(grads, want_grads, 1e-6):
            return False
    return True


def _judge_tanh(Value):
    written(getattr(Value, "tanh", None))
    cases = []
    for a in (-1.3, 0.2, 0.9):
        t = math.tanh(a)
        # out = tanh(a) * a: a reaches the root twice
        cases.append(((a,), t * a, [(1 - t * t) * a + t]))
    return _agrees(Value, lambda a: a.tanh() * a, cases)


def _judge_exp_pow(Value):
    written(getattr(Value, "exp", None))
    written(getattr(Value, "__pow__", None))
    exp_cases = [((a,), math.exp(a) + a, [math.exp(a) + 1]) for a in (-0.7, 0.4, 1.6)]
    if not _agrees(Value, lambda a: a.exp() + a, exp_cases):
        return False
    for a, k in ((1.7, 3), (0.6, -2), (2.5, 0.5)):
        # out = a**k * a: a reaches the root twice; d/da = (k + 1) a**k
        if not _agrees(Value, lambda v, k=k: (v**k) * v, [((a,), a**k * a, [(k + 1) * a**k])]):
            return False
    return True


def _judge_divide(Value):
    written(getattr(Value, "__truediv__", None))
    cases = []
    for a, b in ((1.5, -0.8), (-2.2, 3.1), (0.4, 0.25)):
        # out = a / b + b: b reaches the root twice
        cases.append(((a, b), a / b + b, [1 / b, -a / (b * b) + 1]))
    return _agrees(Value, lambda a, b: a / b + b, cases)


def _measured_passes(n, m):
    """Run pyautograd's jacobian in both modes on a function R^n -> R^m and count passes."""
    import pyautograd as torch
    from pyautograd.autograd.functional import count_passes, jacobian

    weights = torch.arange(1.0, m * n + 1.0).reshape(m, n)

    def f(x):
        return weights @ x

    x = torch.ones(n)
    with count_passes() as reverse:
        jacobian(f, x, strategy="reverse-mode")
    with count_passes() as forward:
        jacobian(f, x, strategy="forward-mode", vectorize=True)
    return reverse.vjp + reverse.jvp, forward.vjp + forward.jvp


def _judge_pass_counts(pass_counts):
    written(pass_counts)
    for n, m in ((7, 2), (1, 5), (12, 12), (3, 1)):
        got = pass_counts(n, m)
        if not close(list(got), list(_measured_passes(n, m)), 0):
            return False
    return True


EXERCISES = {
    "4a.1": Exercise(
        expected=None,
        judge=_judge_tanh,
        level=1,
        hint='ফরওয়ার্ডে out = Value(math.tanh(a.data), (a,), "tanh")। লোকাল ব্যাকওয়ার্ডে a.grad-এ '
        "যোগ করুন (লোকাল ডেরিভেটিভ × out.grad)। tanh-এর ডেরিভেটিভ কাগজে বের করে t = tanh(a) দিয়ে লিখুন; "
        "sigmoid সেলটি নমুনা হিসেবে দেখুন, আর শেষে out ফেরত দিতে ভুলবেন না।",
    ),
    "4a.2": Exercise(
        expected=None,
        judge=_judge_exp_pow,
        level=2,
        hint="দুটির গঠন sigmoid-এর মতোই: নতুন Value, তার local_backward ক্লোজার, তারপর return out। "
        "eᵃ-এর ডেরিভেটিভ নিজেই, তাই out.data আবার কাজে লাগে। aᵏ-এর ডেরিভেটিভের জন্য ঘাতের নিয়ম মনে করুন; "
        "k এখানে ধ্রুবক, গ্রাফের নোড নয়, তাই শুধু a-এর grad বদলায়। ঋণাত্মক ও ভগ্নাংশ k-তেও চলা চাই।",
    ),
    "4a.3": Exercise(
        expected=None,
        judge=_judge_divide,
        level=2,
        hint_on_request=True,
        hint="a আর b দুটিকেই আলাদা করে একটু নাড়িয়ে কেন্দ্রীয় পার্থক্যের সঙ্গে মেলান; একটির গ্রেডিয়েন্ট মিলবে, "
        "অন্যটির মিলবে না। তারপর ভাবুন: a ধনাত্মক রেখে b বাড়ালে a / b বাড়ে, না কমে? ভুল লাইনের চিহ্নটি "
        "কি সেই কথা বলে?",
    ),
    "4a.4": Exercise(
        expected=None,
        judge=_judge_pass_counts,
        level=1,
        hint="রিভার্স মোডের এক পাসে জ্যাকোবিয়ানের একটি সারি আসে, ফরওয়ার্ড মোডের এক পাসে একটি কলাম। "
        "m × n জ্যাকোবিয়ানে সারি কয়টি, কলাম কয়টি? ফেরত দিন দুটি সংখ্যার একটি টাপল, রিভার্স মোডেরটি আগে।",
    ),
}
