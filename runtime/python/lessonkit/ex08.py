"""Exercises of lesson 8: vanishing and exploding gradients, sigmoid's slope, Xavier/He initialisation."""

from .exercises import Exercise, Mismatch, written
from .judges import judge_he_init


def _deep_case(rng):
    """A float64 MLP of 2 to 6 Linear layers with widths and activations drawn now, data for
    it, and gradients already left in it by an earlier backward pass on other data."""
    import pyautograd as torch
    from pyautograd import nn

    depth = int(rng.integers(2, 7))
    widths = [int(v) for v in rng.integers(2, 10, size=depth + 1)]
    acts = [(nn.Tanh, nn.ReLU, nn.Sigmoid)[int(i)] for i in rng.integers(0, 3, size=depth - 1)]
    layers = []
    for i, (a, b) in enumerate(zip(widths, widths[1:])):
        layers.append(nn.Linear(a, b))
        if i < depth - 1:
            layers.append(acts[i]())
    torch.manual_seed(int(rng.integers(0, 10_000)))
    model = nn.Sequential(*layers).double()
    n = int(rng.integers(3, 12))
    X, Y = torch.tensor(rng.normal(size=(n, widths[0]))), torch.tensor(rng.normal(size=(n, widths[-1])))
    ((model(torch.tensor(rng.normal(size=(5, widths[0])))) ** 2).sum()).backward()  # an earlier use
    return model, X, Y


def _norms(model, X, Y, reduce="mean"):
    """Each Linear weight's gradient norm for the mean (or summed) squared error, the gradients
    already in the model kept: what the reader's code sees."""
    from pyautograd import nn

    loss = (model(X) - Y) ** 2
    (loss.mean() if reduce == "mean" else loss.sum()).backward()
    return [m.weight.grad.norm().item() for m in model if isinstance(m, nn.Linear)]


def _judge_layer_grad_norms(layer_grad_norms):
    """``layer_grad_norms(model, X, Y)``: the norm of each ``nn.Linear`` weight's gradient,
    first layer first, for the mean squared error of ``model`` on ``(X, Y)``. Models (depth,
    widths, activations), data and the stale gradients an earlier use left in them are drawn
    at check time; the reference runs the same computation on the same model. A wrong list
    that matches a known slip (stale gradients kept, summed loss, squared norms, last layer
    first) is named."""
    import numpy as np

    from pyautograd import nn

    written(layer_grad_norms)
    rng = np.random.default_rng()
    for _ in range(3):
        model, X, Y = _deep_case(rng)
        stale = [p.grad.clone() for p in model.parameters()]
        got = [float(v) for v in layer_grad_norms(model, X.clone(), Y.clone())]
        linears = [m for m in model if isinstance(m, nn.Linear)]
        sizes = " → ".join([str(linears[0].in_features)] + [str(m.out_features) for m in linears])
        if len(got) != len(linears):
            raise Mismatch(f"{sizes} নেটওয়ার্কে রৈখিক স্তর {len(linears)}টি, কিন্তু পেলাম {len(got)}টি নর্ম")
        model.zero_grad()
        want = _norms(model, X, Y)
        slips = {}
        for p, g in zip(model.parameters(), stale):
            p.grad = g.clone()
        slips["পুরোনো গ্রেডিয়েন্ট মোছা হয়নি: নতুনটা আগেরটার সঙ্গে যোগ হয়ে গেছে"] = _norms(model, X, Y)
        model.zero_grad()
        slips["লস হলো বর্গের যোগফল, গড় নয়"] = _norms(model, X, Y, "sum")
        slips["নর্মের বর্গ এসেছে: বর্গমূল নিতে হবে"] = [v * v for v in want]
        slips["ক্রম উল্টো: প্রথম স্তরের নর্ম আগে চাই"] = want[::-1]
        if np.allclose(got, want, rtol=1e-7, atol=1e-12):
            continue
        for reason, values in slips.items():
            if np.allclose(got, values, rtol=1e-7, atol=1e-12):
                raise Mismatch(f"{sizes} নেটওয়ার্কে: {reason}")
        return False
    return True


EXERCISES = {
    "8.1": Exercise(
        expected=5,  # 0.25**4 = 0.0039 is not yet below 0.001, 0.25**5 = 0.00098 is
        hint="প্রতি স্তরে ঢালের গুণক বড়জোর σ'-এর সর্বোচ্চ মান, যা পাঠের শুরুতে পেয়েছি; d স্তরে বড়জোর তার d-তম ঘাত। "
        "সবচেয়ে ছোট কোন d-তে সেই ঘাত 0.001-এর নিচে? d = 1, 2, 3, ... বসিয়ে দেখুন, অথবা লগারিদম নিন; "
        "সমান হলে চলবে না, নিচে নামতে হবে।",
    ),
    "8.2": Exercise(
        expected=0.25**10,
        hint="ওজন 1 হলে প্রতিটি স্তরের গুণক শুধু σ'(z), আর তার সর্বোচ্চ মান পাঠের শুরুতেই পেয়েছেন। দশটি স্তর "
        "মানে সেই সংখ্যার দশম ঘাত; পাইথনে ** দিয়ে লিখুন, গোল করবেন না।",
        tol=1e-3,  # the exact 0.25**10 or 9.537e-7 rounded to four digits; 0, 1e-4 and 0.25**5 fail
    ),
    "8.3": Exercise(
        expected=0.2,
        hint="He-র আদর্শ বিচ্যুতি হলো sqrt(2 / n_in), যেখানে n_in স্তরের ইনপুটের সংখ্যা — nn.Linear-এর প্রথম "
        "সংখ্যা। আউটপুটের সংখ্যা এখানে লাগে না। np.sqrt দিয়ে হিসাব করুন।",
    ),
    "8.4": Exercise(
        expected=0.023103306174889364,
        hint="প্রতিটি z-এর জন্য tanh-এর ঢাল আলাদা করে বের করুন, তারপর চারটি ঢাল গুণ করুন (যোগ নয়)। "
        "z = 2-এর ঢালটাই গুণফলকে সবচেয়ে বেশি ছোট করে; উত্তর তাই বেশ ছোট একটি সংখ্যা।",
    ),
    "8.5": Exercise(
        expected=None,
        judge=judge_he_init,
        level=2,
        hint="nn.Linear-এর weight-এর আকার (আউটপুট, ইনপুট): তাহলে n_in থাকে weight.shape-এর কোন ঘরে? He-র আদর্শ "
        "বিচ্যুতি হিসাব করে with torch.no_grad(): ব্লকের ভেতরে nn.init.normal_ দিয়ে দেওয়া টেনসরটাকেই ভরান; "
        "weight = ... লিখে নতুন টেনসর বানালে স্তরের ওজন বদলায় না।",
    ),
    "8.6": Exercise(
        expected=None,
        judge=_judge_layer_grad_norms,
        level=3,
        hint="ওপরের first_layer_grad একটি স্তরের নর্ম নেয়, এখানে চাই প্রতিটি রৈখিক স্তরের। মডেলটি আগে ব্যবহার হয়ে "
        "থাকতে পারে, আর backward() গ্রেডিয়েন্ট জমায়, মোছে না (পাঠ ৫): নতুন হিসাবের আগে কী করতে হবে? nn.Sequential-এর "
        "স্তরগুলো লুপে ক্রমে ঘোরা যায়, আর কোনটি nn.Linear, তা isinstance বলে দেয়; সক্রিয়করণ স্তরের কোনো ওজন নেই।",
    ),
}
