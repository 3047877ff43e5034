"""Exercises of lesson 5: ``backward(gradient)``, vector-Jacobian products, accumulation."""

from .exercises import Exercise
from .judges import judge_full_jacobian

EXERCISES = {
    "5.1": Exercise(
        expected=[1.0, 0.0, 12.0],
        hint="প্রতিটি উপাদানের নিজস্ব ডেরিভেটিভ হলো 2x; সেটিকে gradient ভেক্টরের একই জায়গার "
        "সংখ্যা দিয়ে গুণ করুন। জ্যাকোবিয়ানটি কর্ণ-ম্যাট্রিক্স, তাই উপাদানগুলো একে অপরকে প্রভাবিত করে না।",
    ),
    "5.2": Exercise(
        expected=36.0,
        hint="একবারের backward-এ a.grad হয় 3a², a = 2 বসিয়ে মান বের করুন। মনে রাখুন, প্রতিটি "
        "backward আগের মানের সাথে যোগ করে, মুছে ফেলে না।",
    ),
    "5.3": Exercise(
        level=2,
        expected=[0.0, 1.0],
        hint="y = M @ x-এর জ্যাকোবিয়ান M নিজেই। vᵀM হলো M-এর সারিগুলোর ওজন-দেওয়া যোগফল; এমন "
        "ওয়ান-হট ভেক্টর খুঁজুন যা শুধু কাঙ্ক্ষিত সারিটিকে রাখে।",
    ),
    "5.4": Exercise(
        level=2,
        expected=[11.0, 12.0],
        hint="w.grad হবে তিনটি লসের গ্রেডিয়েন্টের ওজন-দেওয়া যোগফল। প্রতিটি লসের গ্রেডিয়েন্ট ওপরের সেলের "
        "মন্তব্যে লেখা আছে; সেটিকে তার ওজন দিয়ে গুণ করুন (ওজন 0 মানে লসটি বাদ), তারপর যোগ করুন।",
    ),
    "5.5": Exercise(
        expected=None,
        judge=judge_full_jacobian,
        level=3,
        hint="y = f(x) একবার হিসাব করুন। প্রতিটি সারি i-এর জন্য y-এর আকারের একটি শূন্য টেনসরে i-তম ঘরে 1 বসান, "
        "backward(সেই ভেক্টর, retain_graph=True) ডাকুন, x.grad-এর একটি কপি রাখুন, আর পরের সারির আগে "
        "x.grad শূন্য করুন; নইলে সারিগুলো জমে যোগ হয়ে যাবে।",
    ),
}
