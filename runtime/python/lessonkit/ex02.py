"""Exercises of lesson 2 (backpropagation by hand). Answers stay here; the page shows only hints."""

from .exercises import Exercise
from .judges import judge_two_layer_grads

EXERCISES = {
    "2.1": Exercise(
        expected=0.10499358540350662,
        hint="আগে s = 1 / (1 + np.exp(-2)) হিসাব করুন, তারপর s * (1 - s)। উত্তরটি 0.25-এর "
        "চেয়ে ছোট হবে, কারণ z শূন্য থেকে দূরে গেলে সিগময়েড চ্যাপ্টা হয়ে আসে।",
    ),
    "2.2": Exercise(
        expected=9.0,
        hint="w3 বদলালে yhat-ও বদলায়। আগে নতুন yhat আর dL/dyhat = 2(yhat - y) বের করুন, "
        "তারপর গুণ নোডের নিয়মে dL/dh = dL/dyhat × w3, নতুন w3 দিয়ে।",
    ),
    "2.3": Exercise(
        level=2,
        expected=2.340484056431322,
        hint="z1 এখন w1·x1 + w2·x2 + b1, নতুন x1 দিয়ে; শূন্য নয়। সেখান থেকে h, yhat, dL/dyhat, "
        "dL/dh, dL/dz1 ক্রমে বের করুন; শেষে dL/dw1 = dL/dz1 × x1, এবং এখানেও নতুন x1।",
    ),
    "2.4": Exercise(
        expected=24.0,
        hint="চেইন রুল: df/dx = (df/du)·(du/dx)। প্রথম অংশ 2u, যেখানে u-এর মান x = 1 বসিয়ে "
        "বের করতে হবে; দ্বিতীয় অংশ u = 3x + 1 সূত্রে x-এর সহগ।",
    ),
    "2.5": Exercise(
        expected=None,
        judge=judge_two_layer_grads,
        level=3,
        hint="আগে ফরওয়ার্ড পাস: z1, h, yhat। তারপর সারণির ক্রমে মূল থেকে পেছনে: dL/dyhat, সেখান থেকে "
        "w3 আর b2-এর, তারপর dL/dh, সিগময়েডের লোকাল গ্রেডিয়েন্ট h(1 - h) দিয়ে dL/dz1, শেষে w1, w2, b1। "
        "z1 শূন্য না হলে h আর 0.5 নয়, তাই কোনো সংখ্যা আগের সারণি থেকে সরাসরি বসাবেন না।",
    ),
}
