# কোর্সের সাইটের সাহায্যকারী ফাংশনগুলোর সাধারণ বিকল্প (matplotlib দিয়ে আঁকা); বাকি সেলগুলো আসল PyTorch-এ চলে।
# The course site's helpers, for a notebook on real PyTorch: charts with matplotlib, a graph as
# text, exercise checks left to the site. hooks/notebooks.py puts this file in the first cell.
import numpy as np

COURSE_PAGE = "__COURSE_PAGE__"


def plot(y, x=None, *, label=None, title=None, xlabel=None, ylabel=None, series=None, key=None):
    import matplotlib.pyplot as plt

    for name, ys in (series or {label or "y": y}).items():
        ys = np.asarray(ys.detach() if hasattr(ys, "detach") else ys, dtype=float)
        plt.plot(np.arange(len(ys)) if x is None else np.asarray(x, dtype=float), ys, label=str(name))
    plt.title(title or "")
    plt.xlabel(xlabel or "")
    plt.ylabel(ylabel or "")
    if series:
        plt.legend()
    plt.show()


def images(pictures, labels=None, *, title=None, key=None):
    import matplotlib.pyplot as plt

    pictures = [np.asarray(p, dtype=float) for p in pictures]
    fig, axes = plt.subplots(1, len(pictures), squeeze=False, figsize=(1.2 * len(pictures), 1.6))
    for k, (ax, p) in enumerate(zip(axes[0], pictures)):
        ax.imshow(p, cmap="gray_r")
        ax.set_title("" if labels is None else str(list(labels)[k]))
        ax.axis("off")
    fig.suptitle(title or "")
    plt.show()


def boundary(probs, extent, points=None, classes=None, *, title=None, key=None):
    import matplotlib.pyplot as plt

    plt.imshow(
        np.asarray(probs, dtype=float), origin="lower", extent=list(extent), cmap="coolwarm", vmin=0, vmax=1
    )
    if points is not None:
        xy = np.asarray(points, dtype=float)
        plt.scatter(
            xy[:, 0], xy[:, 1], c=None if classes is None else np.asarray(classes), cmap="coolwarm", s=12
        )
    plt.title(title or "")
    plt.show()


def show(obj, title=None, key=None):
    """The graph as indented text: the course site draws it as a picture."""
    if isinstance(obj, str):
        print(obj)
        return
    seen = set()

    def walk(fn, depth):
        print("  " * depth + type(fn).__name__ + (" (আগে দেখানো)" if fn in seen else ""))
        if fn not in seen:
            seen.add(fn)
            for child, _ in fn.next_functions:
                if child is not None:
                    walk(child, depth + 1)

    walk(obj.grad_fn, 0) if obj.grad_fn is not None else print("পাতা-টেনসর (grad_fn নেই)")


def to_dot(tensor):
    """The graph in Graphviz's DOT language, one node per backward function."""
    lines, names = ["digraph {"], {}

    def walk(fn):
        if fn in names:
            return names[fn]
        names[fn] = f"n{len(names)}"
        lines.append(f'  {names[fn]} [label="{type(fn).__name__}"];')
        for child, _ in fn.next_functions:
            if child is not None:
                lines.append(f"  {walk(child)} -> {names[fn]};")
        return names[fn]

    if tensor.grad_fn is not None:
        walk(tensor.grad_fn)
    return "\n".join(lines + ["}"])


def show_backward(root, title=None, names=None):
    print(f"ব্যাকপ্রপাগেশনের ধাপে ধাপে ছবি শুধু কোর্সের সাইটে দেখা যায়: {COURSE_PAGE}")


def count_passes(*args, **kwargs):
    raise NotImplementedError(f"count_passes শুধু কোর্সের pyautograd-এ আছে, PyTorch-এ নেই: {COURSE_PAGE}")


def _label(exercise_id):
    return str(exercise_id).translate(str.maketrans("0123456789", "০১২৩৪৫৬৭৮৯")).replace("a", "ক")


def check(exercise_id, answer):
    """Answers are judged on the course site (its checkers stay there)."""
    if answer is None or answer is Ellipsis:
        print(f"অনুশীলন {_label(exercise_id)}: এখনও উত্তর লেখা হয়নি। ... এর জায়গায় আপনার উত্তর বসান।")
    else:
        print(f"অনুশীলন {_label(exercise_id)}: উত্তর যাচাই হয় কোর্সের সাইটে: {COURSE_PAGE}")


def hint(exercise_id):
    print(f"অনুশীলন {_label(exercise_id)}-এর ইঙ্গিত কোর্সের সাইটে: {COURSE_PAGE}")


def moons(n=200, noise=0.1, seed=0):
    rng = np.random.default_rng(seed)
    half = n // 2
    angle = np.pi * rng.random(n)
    upper = np.stack([np.cos(angle[:half]), np.sin(angle[:half])], axis=1)
    lower = np.stack([1 - np.cos(angle[half:]), 0.5 - np.sin(angle[half:])], axis=1)
    points = np.concatenate([upper, lower]) + noise * (rng.random((n, 2)) * 2 - 1)
    return points, np.concatenate([np.zeros(half, dtype=int), np.ones(n - half, dtype=int)])


def load_digits():
    from sklearn.datasets import load_digits as sklearn_digits

    digits = sklearn_digits()
    return digits.images.astype(np.float32), digits.target.astype(np.int64)
