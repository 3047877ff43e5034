"""Exercises of lesson 4: forward vs reverse mode, autograd on the two-layer network, finite differences."""

from .exercises import Exercise


def _is_forward_mode(answer):
    if not isinstance(answer, str):
        return False
    return answer.strip().lower().replace("_", "-") in {"forward-mode", "forward", "forward mode"}


EXERCISES = {
    "4.1": Exercise(
        expected=10,
        hint="রিভার্স মোডের একটি পাসে জ্যাকোবিয়ানের একটি সারি পাওয়া যায়, আর প্রতিটি আউটপুটের জন্য "
        "একটি সারি। ইনপুটের সংখ্যা এখানে কোনো ভূমিকা রাখে না।",
    ),
    "4.2": Exercise(
        expected="forward-mode",
        hint="যে মোডে পাসের সংখ্যা ছোট সংখ্যাটির সমান, সেটিই সস্তা। একটি মোডের পাস গোনে ইনপুট, "
        "অন্যটির পাস গোনে আউটপুট; কোনটি কোনটা গোনে মনে করুন।",
        judge=_is_forward_mode,
    ),
    "4.3": Exercise(
        expected=3.4496362,
        hint="পাঠের 'পুরোনো সাইটের PyTorch কোড' সেলটি কপি করে x1-কে torch.tensor(3.0) করুন, "
        "L.backward() চালিয়ে w1.grad.item() নিন। হাতে করলে মনে রাখুন: z1 এখন আর শূন্য নয়, "
        "তাই sigmoid-এর মান 0.5 থাকে না।",
        tol=1e-4,
    ),
    "4.4": Exercise(
        expected=12.006001,
        hint="সম্মুখ পার্থক্যের সূত্রে x = 2 আর ε = 0.001 বসান, যেখানে f(x) = x ** 3। কেন্দ্রীয় "
        "পার্থক্য নয়, সম্মুখ পার্থক্য চাই; আর ফলটি গোল করবেন না।",
        tol=1e-6,
    ),
}
