"""Exercises of lesson 5: ``backward(gradient)``, vector-Jacobian products, accumulation."""
from .exercises import Exercise

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
        expected=[0.0, 1.0],
        hint="y = M @ x-এর জ্যাকোবিয়ান M নিজেই। vᵀM হলো M-এর সারিগুলোর ওজন-দেওয়া যোগফল; এমন "
             "এক-গরম ভেক্টর খুঁজুন যা শুধু কাঙ্ক্ষিত সারিটিকে রাখে।",
    ),
    "5.4": Exercise(
        expected=[2.0, 4.0],
        hint="ওজন [1, 0, 0] মানে শুধু প্রথম লসটি গোনা হবে। (w ** 2).sum()-এর ডেরিভেটিভ বের করে "
             "w = (1, 2) বসান।",
    ),
}
