"""Exercises of lesson 3 (the two-layer network). Answers stay here; the page shows only hints."""

from .exercises import Exercise
from .judges import judge_train

EXERCISES = {
    "3.1": Exercise(
        expected=2.25,
        hint="b2 শুধু শেষ যোগে ঢোকে, তাই z1 আর h আগের মতোই থাকে। নতুন yhat = w3·h + b2 বের করে "
        "(yhat - y)² হিসাব করুন, অথবা forward(dict(params, b2=0.5)) চালান।",
    ),
    "3.2": Exercise(
        expected=1.5,
        hint="ব্যাকওয়ার্ড পাসের প্রথম ধাপ d_yhat = 2(yhat - y) নতুন yhat দিয়ে বদলে যায়; বাকি "
        "গুণকগুলো (w3, h(1-h), x1) আগের মতোই। backward(p, forward(p)[1]) দিয়েও যাচাই করুন।",
    ),
    "3.3": Exercise(
        level=2,
        expected=2.990115621238736,  # new loss - old loss: positive, the loss went up
        hint="প্রতিটি প্যারামিটার থেকে তার গ্রেডিয়েন্ট × শেখার হার বিয়োগ করে নতুন ডিকশনারি বানান "
        "(grads_by_hand কাজে লাগবে), forward চালিয়ে নতুন লস নিন, তারপর তা থেকে আগের লস বিয়োগ করুন। "
        "চিহ্নটি খেয়াল করুন: পাঠের η = 2-এর উদাহরণের সঙ্গে তুলনা করুন।",
    ),
    "3.4": Exercise(
        level=2,
        expected=1.0,
        hint="লসের সামনের ধ্রুবক গুণক চেইন রুলের প্রথম ধাপেই ঢোকে: ½(ŷ - y)²-এর ŷ-এর সাপেক্ষে "
        "ডেরিভেটিভ কত, তা বের করে আগের 2(ŷ - y)-এর সঙ্গে তুলনা করুন। বাকি সব ধাপ একই থাকে।",
    ),
    "3.5": Exercise(
        expected=None,
        judge=judge_train,
        level=2,
        hint="প্রতিটি ধাপে তিনটি কাজ: L, cache = forward(p); grads = backward(p, cache); তারপর প্রতিটি নামের "
        "জন্য নতুন মান। পুরোনো ডিকশনারি বদলানোর বদলে প্রতি ধাপে নতুন একটি বানালে ভুল কম হয়। লুপ শেষে "
        "ডিকশনারিটি return করুন।",
    ),
}
