"""Exercises of lesson 10: common autograd bugs (accumulated gradients, non-leaf updates, version counters)."""

from .exercises import Exercise
from .judges import judge_fit_line, judge_momentum_line

EXERCISES = {
    "10.1": Exercise(
        expected=20.0,
        hint="একবারের backward-এ dL/dw = 5, কারণ L = 5w। zero_grad ছাড়া প্রতিটি backward আগের মানের সঙ্গে যোগ "
        "করে; কয়বার ডাকা হলো, গুনে নিন।",
    ),
    "10.2": Exercise(
        expected=2.9999573230743408,
        # the loop's float32 result; 3 - 3·0.8⁵⁰ in float64 is 5e-8 away, the minimum 3 itself 1.4e-5
        tol=2e-6,
        hint="ভুল ১ আর ভুল ২-এর অংশ আবার পড়ুন। w = w - ... লিখলে w আর পাতা থাকে না: পরের ধাপে তার .grad কোথায় "
        "যায়? হালনাগাদ এমনভাবে করতে হবে যাতে w একই টেনসর থাকে আর autograd সেই বিয়োগটা গ্রাফে না তোলে। আর প্রতিটি "
        "backward() আগের গ্রেডিয়েন্টের সঙ্গে যোগ করে, তাই পরের ধাপের আগে পুরোনোটা সরাতে হবে। ঠিক হলে w ধাপে ধাপে লসের "
        "সর্বনিম্ন বিন্দুর দিকে এগোয়, কিন্তু ৫০ ধাপে ঠিক সেখানে পৌঁছায় না।",
    ),
    "10.3": Exercise(
        expected=3,
        hint="প্রতিটি জায়গায় বসে বদল (নামের শেষে _ থাকা মেথড, আর t[...] = ... লেখা) সংস্করণ এক বাড়ায়; নতুন "
        "টেনসর বানানো হিসাব (t * 2) t-কে ছোঁয় না। শুরুতে সংস্করণ 0।",
    ),
    "10.4": Exercise(
        expected=None,
        judge=judge_fit_line,
        level=2,
        hint_on_request=True,
        hint="প্রতিটি ধাপে চারটি কাজ: গ্রেডিয়েন্ট মোছা, লস হিসাব, backward(), step()। প্রতিটি কাজ .grad-এর সঙ্গে কী "
        "করে — ভরায়, পড়ে, না মুছে ফেলে? step() চলার ঠিক আগে w.grad ছাপিয়ে দেখুন। মোছা একেবারে বাদ দিলেও হবে না: "
        "তখন পুরোনো গ্রেডিয়েন্ট জমতে থাকে। লাইনগুলোর ক্রম বদলানোই যথেষ্ট, নতুন কিছু লেখার দরকার নেই।",
    ),
    "10.5": Exercise(
        expected=None,
        judge=judge_momentum_line,
        level=3,
        hint="বেগ দুটি (w আর b-র জন্য একটি করে) লুপের আগে শূন্য দিয়ে শুরু করুন। প্রতিটি ধাপে: লস, backward(), তারপর "
        "with torch.no_grad(): ব্লকের ভেতরে প্রথমে বেগ, তারপর সেই বেগ দিয়ে প্যারামিটার — জায়গায় বসে (-=), যাতে w পাতাই "
        "থাকে। বেগের সূত্রে শুধু এই ধাপের গ্রেডিয়েন্ট ঢোকে, তাই পরের backward()-এর আগে .grad মুছতে ভুলবেন না।",
    ),
}
