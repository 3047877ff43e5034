"""Exercises of lesson 7: backpropagation through a matrix layer and a whole MLP in NumPy."""

from .exercises import Exercise
from .judges import judge_linear_backward

EXERCISES = {
    "7.1": Exercise(
        expected=[10, 5],
        hint="গ্রেডিয়েন্টের আকার সব সময় তার চলকের আকারের সমান। কোন চলকের গ্রেডিয়েন্ট চাওয়া হয়েছে, "
        "আর সেই চলকের আকার প্রশ্নেই লেখা আছে; ব্যাচের মাপ এখানে থাকে না।",
    ),
    "7.2": Exercise(
        expected=[2.7, 3.5],
        hint="dL/dW = X2.T @ delta2 (আকার ২×৩), আর dL/db = delta2.sum(axis=0), অর্থাৎ উদাহরণগুলোর "
        "ওপর দিয়ে যোগ। তারপর দুটোর .sum() নিয়ে তালিকায় দিন, আগে W-এরটা।",
    ),
    "7.3": Exercise(
        expected=0.12796009249571053,
        hint="ReLU-র ঢাল যেখানে Z1 > 0 সেখানে 1, বাকি জায়গায় 0; তাই d1 = dH * (Z1 > 0)। তারপর "
        "প্রথম স্তরের সূত্র dW1 = X.T @ d1। pyautograd-এ torch.relu দিয়ে একই নেটওয়ার্ক চালিয়ে মিলিয়ে নিন।",
    ),
    "7.4": Exercise(
        expected=16,
        hint="গড় মানে যোগফলকে ঘরের সংখ্যা দিয়ে ভাগ। চেইন রুলে এই ভাগফলটা প্রথম ধাপেই (d2-তে) ঢোকে, "
        "আর বাকি সব ধাপ তাকে শুধু বয়ে নিয়ে যায়। Yhat-এ কয়টি ঘর আছে (N × K)?",
    ),
    "7.5": Exercise(
        expected=None,
        judge=judge_linear_backward,
        level=2,
        hint="তিনটির প্রতিটির জন্য আকারের নিয়ম খাটান: গ্রেডিয়েন্টের আকার তার চলকের আকারের সমান। dW-এর আকার W-এর মতো "
        "D × M, আর হাতে আছে X (N × D) ও delta (N × M): কোনটির ট্রান্সপোজ নিলে মাঝের মাপ মেলে? dX-ও একইভাবে। "
        "db-তে যোগ হয় উদাহরণগুলোর ওপর দিয়ে, অর্থাৎ সারিগুলো জুড়ে — কোন axis? ক্রম মনে রাখুন: dW, dX, db।",
    ),
}
