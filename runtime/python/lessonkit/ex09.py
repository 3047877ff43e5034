"""Exercises of lesson 9: training on handwritten 8×8 digits, softmax cross-entropy, minibatches."""

from .exercises import Exercise
from .judges import judge_evaluate

EXERCISES = {
    "9.1": Exercise(
        expected=2410,
        hint="Linear(a, b)-তে a×b-টি ওজন আর b-টি বায়াস। দুটি রৈখিক স্তর: 64 থেকে 32, আর 32 থেকে 10; ReLU-র কোনো "
        "প্যারামিটার নেই। কোডে: sum(p.numel() for p in model.parameters())।",
    ),
    "9.2": Exercise(
        expected=[0.09003057317038046 - 1.0, 0.24472847105479764, 0.6652409557748219],
        hint="আগে সফটম্যাক্স: প্রতিটি e^z-কে তিনটির যোগফল দিয়ে ভাগ করুন। তারপর সঠিক শ্রেণির (প্রথম) ঘর থেকে 1 বিয়োগ "
        "করুন, বাকি দুটি যেমন আছে। একটিমাত্র উদাহরণ, তাই N দিয়ে ভাগ লাগবে না।",
    ),
    "9.3": Exercise(
        expected=29,
        hint="n_train-কে 50 দিয়ে ভাগ করে ওপরের দিকে গোল করুন: শেষের অসম্পূর্ণ দলটিও একটি মিনিব্যাচ। পাইথনে "
        "math.ceil, অথবা len(list(minibatches(n_train, 50, rng)))।",
    ),
    "9.4": Exercise(
        expected=3,
        hint="দুটি শর্ত একসঙ্গে: (truth == a) & (predicted == b) — দুটো অ্যারের একই জায়গায় তুলনা, তারপর np.sum "
        "দিয়ে True-গুলো গুনুন। উল্টো দিকের ভুল (আসল 9, উত্তর 4) গুনবেন না।",
    ),
    "9.5": Exercise(
        expected=None,
        judge=judge_evaluate,
        level=2,
        hint="পুরো কাজটা with torch.no_grad(): ব্লকের ভেতরে করুন। range(0, len(y), batch_size) দিয়ে টুকরোগুলো "
        "নিন (অথবা shuffle ছাড়া DataLoader), প্রতিটির সঠিক উত্তর গুনে একটি মোট সংখ্যায় যোগ করুন, আর শেষে "
        "উদাহরণের মোট সংখ্যা দিয়ে একবার ভাগ করুন। টুকরোগুলোর নির্ভুলতার গড় নেবেন না: শেষের ছোট টুকরোটা তাতে "
        "বাকিদের সমান গুরুত্ব পেয়ে যায়।",
    ),
}
