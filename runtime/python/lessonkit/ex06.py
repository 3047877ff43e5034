"""Exercises of lesson 6: gradient descent steps, learning rate, model size, training XOR."""

from .exercises import Exercise

EXERCISES = {
    "6.1": Exercise(
        expected=2.6,
        hint="প্রথমে গ্রেডিয়েন্ট বের করুন: (w - 1)²-এর ডেরিভেটিভ 2(w - 1), w = 3 বসান। তারপর "
        "w থেকে শেখার হার গুণ গ্রেডিয়েন্ট বিয়োগ করুন।",
    ),
    "6.2": Exercise(
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
        expected=[0, 1, 1, 0],
        hint="model(X).flatten().tolist() থেকে চারটি সংখ্যা পাবেন; প্রতিটিতে round() প্রয়োগ করুন। "
        "মনে করুন XOR-এর সংজ্ঞা: দুই ইনপুট আলাদা হলে কী হয়?",
    ),
}
