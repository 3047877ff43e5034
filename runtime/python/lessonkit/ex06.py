"""Exercises of lesson 6: gradient descent steps, learning rate, model size, training XOR."""

from .exercises import Exercise
from .judges import judge_fit

EXERCISES = {
    "6.1": Exercise(
        expected=2.6,
        hint="প্রথমে গ্রেডিয়েন্ট বের করুন: (w - 1)²-এর ডেরিভেটিভ 2(w - 1), w = 3 বসান। তারপর "
        "w থেকে শেখার হার গুণ গ্রেডিয়েন্ট বিয়োগ করুন।",
    ),
    "6.2": Exercise(
        level=2,
        expected=0.5,
        hint="একটি ধাপের পরে নতুন w - 1 লিখুন পুরোনো w - 1-এর গুণিতক হিসেবে: (w - 1) থেকে "
        "η·2(w - 1) বাদ দিলে কী থাকে? সেই গুণকটি শূন্য হতে হবে।",
    ),
    "6.3": Exercise(
        expected=17,
        hint="একটি Linear(a, b) স্তরে a×b-টি ওজন আর b-টি বায়াস থাকে। দুটি স্তরের সংখ্যা যোগ করুন; "
        "Tanh আর Sigmoid-এর কোনো প্যারামিটার নেই। কোডে: p.numel() সব প্যারামিটারের জন্য যোগ করুন।",
    ),
    "6.4": Exercise(
        expected=None,
        judge=judge_fit,
        level=2,
        hint="ওপরের XOR-এর সেলের লুপটি দেখুন: লস আর অপটিমাইজার একবার বানান, তারপর প্রতি ধাপে চারটি কাজ, "
        "ঠিক সেই ক্রমে। zero_grad বাদ পড়লে গ্রেডিয়েন্ট জমতে থাকে আর লসের সারি মিলবে না। প্রতিটি ধাপের "
        "loss.item() তালিকায় যোগ করে শেষে তালিকাটি ফেরত দিন।",
    ),
}
