"""Exercises of lesson 1 (computational graph). Answers stay here; the page shows only hints."""

from .exercises import Exercise
from .judges import judge_count_ops

EXERCISES = {
    "1.1": Exercise(
        expected=6.75,  # 3 · (-1.5)²: not the x = 2 of the home page
        hint="ঘাতের নিয়ম মনে করুন: xⁿ-এর ডেরিভেটিভ n·xⁿ⁻¹। সূত্রটি লিখে তারপর x-এর মান বসান; "
        "অথবা requires_grad=True দিয়ে x বানিয়ে (x ** 3).backward() চালিয়ে x.grad দেখুন।",
    ),
    "1.2": Exercise(
        expected=None,
        judge=judge_count_ops,
        level=2,
        hint="grad_fn থেকে শুরু করে next_functions ধরে হাঁটুন, ওপরের walk-এর মতো। দুটি জিনিস আলাদা করুন: "
        "None (ধ্রুবক) আর variable আছে এমন নোড (পাতা) গোনা হবে না। আর যে নোড আগেই দেখেছেন, তাকে আবার "
        "গুনবেন না: id(node) একটি set-এ রাখুন।",
    ),
    "1.3": Exercise(
        expected=[6.0, 1.0],
        hint="∂z/∂x = y + 2x আর ∂z/∂y = x সূত্রে নতুন মানগুলো বসান। তালিকায় আগে x.grad, "
        "পরে y.grad দিন; দুটি সংখ্যাই লাগবে।",
    ),
    "1.4": Exercise(
        level=2,
        expected=0.0,
        hint="গণিতে এখানে ডেরিভেটিভ নেই, কিন্তু autograd তা জানে না: সে শুধু যে শাখা চলেছে, তার হিসাব "
        "উল্টো দিকে চালায়। শর্ত t > 0-তে t = 0 বসালে সত্য হয় না মিথ্যা? সেই শাখার রাশির ডেরিভেটিভে t = 0 "
        "বসান, অথবা requires_grad=True দিয়ে t বানিয়ে f(t).backward() চালিয়ে দেখুন।",
    ),
}
