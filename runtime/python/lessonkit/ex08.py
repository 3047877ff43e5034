"""Exercises of lesson 8: vanishing and exploding gradients, sigmoid's slope, Xavier/He initialisation."""

from .exercises import Exercise
from .judges import judge_he_init

EXERCISES = {
    "8.1": Exercise(
        expected=5,  # 0.25**4 = 0.0039 is not yet below 0.001, 0.25**5 = 0.00098 is
        hint="প্রতি স্তরে ঢালের গুণক বড়জোর σ'-এর সর্বোচ্চ মান, যা পাঠের শুরুতে পেয়েছি; d স্তরে বড়জোর তার d-তম ঘাত। "
        "সবচেয়ে ছোট কোন d-তে সেই ঘাত 0.001-এর নিচে? d = 1, 2, 3, ... বসিয়ে দেখুন, অথবা লগারিদম নিন; "
        "সমান হলে চলবে না, নিচে নামতে হবে।",
    ),
    "8.2": Exercise(
        expected=0.25**10,
        hint="ওজন 1 হলে প্রতিটি স্তরের গুণক শুধু σ'(z), আর তার সর্বোচ্চ মান পাঠের শুরুতেই পেয়েছেন। দশটি স্তর "
        "মানে সেই সংখ্যার দশম ঘাত; পাইথনে ** দিয়ে লিখুন, গোল করবেন না।",
        tol=1e-3,  # the exact 0.25**10 or 9.537e-7 rounded to four digits; 0, 1e-4 and 0.25**5 fail
    ),
    "8.3": Exercise(
        expected=0.2,
        hint="He-র আদর্শ বিচ্যুতি হলো sqrt(2 / n_in), যেখানে n_in স্তরের ইনপুটের সংখ্যা — nn.Linear-এর প্রথম "
        "সংখ্যা। আউটপুটের সংখ্যা এখানে লাগে না। np.sqrt দিয়ে হিসাব করুন।",
    ),
    "8.4": Exercise(
        expected=0.023103306174889364,
        hint="প্রতিটি z-এর জন্য tanh-এর ঢাল আলাদা করে বের করুন, তারপর চারটি ঢাল গুণ করুন (যোগ নয়)। "
        "z = 2-এর ঢালটাই গুণফলকে সবচেয়ে বেশি ছোট করে; উত্তর তাই বেশ ছোট একটি সংখ্যা।",
    ),
    "8.5": Exercise(
        expected=None,
        judge=judge_he_init,
        level=2,
        hint="nn.Linear-এর weight-এর আকার (আউটপুট, ইনপুট): তাহলে n_in থাকে weight.shape-এর কোন ঘরে? He-র আদর্শ "
        "বিচ্যুতি হিসাব করে with torch.no_grad(): ব্লকের ভেতরে nn.init.normal_ দিয়ে দেওয়া টেনসরটাকেই ভরান; "
        "weight = ... লিখে নতুন টেনসর বানালে স্তরের ওজন বদলায় না।",
    ),
}
