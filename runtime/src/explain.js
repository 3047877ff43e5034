// Bengali explanations for errors a learner meets: pyautograd's PyTorch-worded errors and
// common Python ones. Matched against the final "Type: message" line of the traceback; the
// verbatim message is always shown below the explanation, so it stays searchable.

/** @type {[RegExp, string, string][]} [pattern, title, what to do] */
const RULES = [
  [
    /RuntimeError: Trying to backward through the graph a second time/,
    "গ্রাফে দ্বিতীয়বার backward() চালানো হয়েছে",
    "প্রথম backward() শেষ হলেই মাঝের সংরক্ষিত মানগুলো মুছে ফেলা হয়। আবার backward() চালাতে চাইলে প্রথমবার backward(retain_graph=True) লিখুন, অথবা সামনের দিকের (forward) হিসাবটা আবার করুন।",
  ],
  [
    /RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn/,
    "এই টেনসরের কোনো গ্রেডিয়েন্ট-ইতিহাস নেই",
    "যে টেনসরে backward() ডাকা হয়েছে সেটা কোনো requires_grad=True টেনসর থেকে তৈরি হয়নি (বা no_grad()-এর ভেতরে হিসাব হয়েছে)। ইনপুট টেনসর তৈরির সময় requires_grad=True দিন।",
  ],
  [
    /RuntimeError: grad can be implicitly created only for scalar outputs/,
    "অস্কেলার (একাধিক মানের) ফলাফলে backward()",
    "backward() নিজে থেকে শুধু একটি সংখ্যার (স্কেলার) ফলাফলে চলে। হয় .sum() বা .mean() করে স্কেলার বানান, নয়তো একই আকারের gradient টেনসর দিন: y.backward(gradient=torch.ones_like(y))।",
  ],
  [
    /RuntimeError: a leaf Variable that requires grad is being used in an in-place operation/,
    "গ্রেডিয়েন্ট-চাওয়া পাতা-টেনসরে জায়গায় বসে বদল",
    "requires_grad=True দিয়ে তৈরি টেনসর (যেমন ওজন) জায়গায় বসে বদলানো (x += 1, x.add_(1)) যায় না। ওজন হালনাগাদ করতে with torch.no_grad(): ব্লকের ভেতরে লিখুন।",
  ],
  [
    /RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation/,
    "backward()-এর দরকারি মান পরে বদলে ফেলা হয়েছে",
    "ফরওয়ার্ডে রেখে দেওয়া কোনো টেনসর পরে জায়গায় বসে (যেমন mul_, +=) বদলানো হয়েছে, তাই গ্রেডিয়েন্ট আর ঠিকমতো হিসাব করা যায় না। জায়গায় বসে না বদলে নতুন টেনসর তৈরি করুন (y = y * 2)।",
  ],
  [
    /RuntimeError: Can't call numpy\(\) on Tensor that requires grad/,
    "গ্রেডিয়েন্ট-চাওয়া টেনসর থেকে সরাসরি numpy() নয়",
    "আগে গ্রাফ থেকে আলাদা করুন: tensor.detach().numpy()।",
  ],
  [
    /RuntimeError: mat1 and mat2 shapes cannot be multiplied/,
    "ম্যাট্রিক্স গুণের আকার মিলছে না",
    "A @ B করতে হলে A-এর কলামের সংখ্যা B-এর সারির সংখ্যার সমান হতে হবে। .shape প্রিন্ট করে দেখুন; দরকার হলে .T (ট্রান্সপোজ) ব্যবহার করুন।",
  ],
  [
    /RuntimeError: The size of tensor a \(\d+\) must match the size of tensor b/,
    "দুই টেনসরের আকার মেলানো যাচ্ছে না (broadcasting)",
    "উপাদান-ধরে হিসাবের জন্য প্রতিটি মাত্রায় আকার সমান হতে হবে, অথবা একটির আকার ১ হতে হবে। দুটো টেনসরের .shape প্রিন্ট করে তুলনা করুন।",
  ],
  [
    /RuntimeError: Only Tensors of floating point( and complex)? dtype can require gradients/,
    "পূর্ণসংখ্যার টেনসর গ্রেডিয়েন্ট চাইতে পারে না",
    "requires_grad=True শুধু দশমিক সংখ্যার টেনসরে চলে। মানগুলো দশমিক করে লিখুন (2 নয়, 2.0) অথবা dtype=torch.float32 দিন।",
  ],
  [
    /RuntimeError: a Tensor with \d+ elements cannot be converted to Scalar/,
    ".item() শুধু এক-উপাদানের টেনসরে চলে",
    "একাধিক মানের টেনসর থেকে একটি সংখ্যা নেওয়া যায় না। নির্দিষ্ট উপাদান বাছুন (x[0].item()) বা .tolist() ব্যবহার করুন।",
  ],
  [
    /RuntimeError: Boolean value of Tensor with more than one value is ambiguous/,
    "একাধিক মানের টেনসর সত্য না মিথ্যা, বলা যায় না",
    "if বা and/or-এ একাধিক মানের টেনসর দেওয়া হয়েছে। .all() বা .any() ব্যবহার করুন।",
  ],
  [
    /appears to not have been used in the graph/,
    "একটি ইনপুট ফলাফলের হিসাবে ব্যবহারই হয়নি",
    "torch.autograd.grad()-এ দেওয়া কোনো ইনপুট থেকে আউটপুটে পৌঁছানোর পথ নেই। ইনপুটের তালিকা দেখুন, বা allow_unused=True দিন।",
  ],
  [
    /expected m1 and m2 to have the same dtype|expected scalar type \w+ but found \w+|Found dtype \w+ but expected \w+/,
    "টেনসরগুলোর dtype আলাদা",
    "float32 আর float64 টেনসর একসাথে মেশানো হয়েছে। .float() বা .double() দিয়ে একই dtype বানান।",
  ],
  [
    /RuntimeError: shape '\[.*\]' is invalid for input of size/,
    "নতুন আকারে উপাদানের সংখ্যা মিলছে না",
    "view()/reshape()-এর নতুন আকারের গুণফল মূল উপাদানের সংখ্যার সমান হতে হবে।",
  ],
  [
    /input\(\) is not available in the browser cells/,
    "এখানে input() দিয়ে মান নেওয়া যায় না",
    "ব্রাউজারের সেল কিবোর্ড থেকে ইনপুট পড়তে পারে না। মানটি সরাসরি কোডে লিখে দিন, যেমন: x = 5",
  ],
  [
    /^KeyboardInterrupt/,
    "সেলটি থামানো হয়েছে",
    "আপনি «থামান» চাপায় পাইথন এখানে থেমেছে। কোডে অসীম লুপ থাকলে থামার শর্তটা দেখে নিন।",
  ],
  [
    /^ModuleNotFoundError: No module named '(numpy|pyautograd)'/,
    "NumPy বা pyautograd লোড হয়নি",
    "ব্রাউজার NumPy নামাতে পারেনি (ইন্টারনেট সংযোগ দরকার হতে পারে)। সংযোগ দেখে পাতাটি আবার লোড করুন; সাধারণ পাইথন সেলগুলো এর মধ্যেও চলবে।",
  ],
  [
    /^ModuleNotFoundError: No module named 'torch'/,
    "এখানে torch নেই, pyautograd আছে",
    "এই সাইটে লিখুন: import pyautograd as torch — বাকি কোড PyTorch-এর মতোই চলবে।",
  ],
  [
    /^ModuleNotFoundError:/,
    "মডিউলটি পাওয়া যায়নি",
    "ব্রাউজারের পাইথনে শুধু পাইথনের নিজস্ব লাইব্রেরি, NumPy, pyautograd আর lessonkit আছে।",
  ],
  [
    /^NameError: name '(.+)' is not defined/,
    "এই নামটি এখনও তৈরি হয়নি",
    "নামটি হয়তো আগের কোনো সেলে তৈরি হয়, যা এখনও চালানো হয়নি — «উপরের সব চালান» চাপুন। নইলে বানান মিলিয়ে দেখুন।",
  ],
  [
    /^(IndentationError|TabError)/,
    "ইন্ডেন্টেশন (লাইনের শুরুর ফাঁকা জায়গা) ঠিক নেই",
    "একই ব্লকের লাইনগুলো সমান ফাঁকা জায়গা দিয়ে শুরু হতে হবে; for/if/def-এর পরের লাইনে চার স্পেস দিন।",
  ],
  [/^SyntaxError/, "পাইথনের ব্যাকরণে ভুল", "চিহ্নিত লাইনের কাছে বন্ধনী, কোলন (:) বা উদ্ধৃতিচিহ্ন বাদ পড়েছে কি না দেখুন।"],
  [/^ZeroDivisionError/, "শূন্য দিয়ে ভাগ", "ভাজক শূন্য হয়ে গেছে; ভাগ করার আগে মানটা প্রিন্ট করে দেখুন।"],
  [
    /_ArrayMemoryError: Unable to allocate|^MemoryError/,
    "এত বড় অ্যারের জন্য মেমোরি নেই",
    "ব্রাউজারের পাইথন (WebAssembly) সব মিলিয়ে মাত্র কয়েক GB মেমোরি পায়, কম্পিউটারের পুরো মেমোরি নয়। বার্তায় দেখুন কত মেমোরি চাওয়া হয়েছিল; আকার (shape) বা উপাদানের সংখ্যা কমিয়ে আবার চালান।",
  ],
  [
    /^ValueError: (array is too big|Maximum allowed dimension exceeded)/,
    "অ্যারের আকার এখানে সম্ভবের চেয়েও বড়",
    "ব্রাউজারের পাইথন ৩২-বিট: একটি অ্যারে মোট ২ GB-এর বেশি হতে পারে না, তাই মেমোরি চাওয়ার আগেই NumPy থেমে গেছে। প্রতিটি মাত্রার আকার মিলিয়ে দেখুন; সম্ভবত কোথাও ভুল করে অনেক বড় সংখ্যা বসেছে।",
  ],
  [
    /^OverflowError: (cannot fit 'int' into an index-sized integer|Python int too large to convert to C)/,
    "সংখ্যাটি আকার বা সূচক হিসেবে অনেক বড়",
    "তালিকা বা অ্যারের দৈর্ঘ্য হিসেবে যে সংখ্যা দেওয়া হয়েছে (যেমন [0] * 10**10) তা ব্রাউজারের ৩২-বিট পাইথনের সীমার বাইরে, আর এত উপাদান মেমোরিতেও ধরত না। ছোট সংখ্যা নিয়ে চেষ্টা করুন।",
  ],
  [
    /^IndexError/,
    "সূচক (index) সীমার বাইরে",
    "তালিকা বা টেনসরের দৈর্ঘ্য/আকার দেখুন: গণনা শুরু হয় ০ থেকে, শেষ সূচক দৈর্ঘ্য − ১।",
  ],
  [
    /^AttributeError: 'NoneType' object has no attribute/,
    "মানটি None",
    "যেমন x.grad প্রথম backward()-এর আগে None থাকে। আগে backward() চালানো হয়েছে কি না, আর টেনসরটি requires_grad=True কি না দেখুন।",
  ],
  [
    /^AttributeError/,
    "এই বস্তুতে এমন কোনো অ্যাট্রিবিউট বা মেথড নেই",
    "নামের বানান দেখুন, আর type(...) প্রিন্ট করে বস্তুটি কী তা নিশ্চিত হোন।",
  ],
  [
    /^TypeError/,
    "ভুল ধরনের মান দেওয়া হয়েছে",
    "ফাংশনে কতগুলো আর কোন ধরনের আর্গুমেন্ট লাগে দেখুন; type(...) প্রিন্ট করে মানগুলোর ধরন যাচাই করুন।",
  ],
  [
    /^ValueError/,
    "মানটি গ্রহণযোগ্য নয়",
    "ধরন ঠিক আছে কিন্তু মান বা আকার ঠিক নেই; বার্তার শেষ অংশটা পড়ে দেখুন কী আশা করা হয়েছিল।",
  ],
  [/^KeyError/, "অভিধানে (dict) এই চাবি নেই", "চাবির বানান দেখুন, বা d.get(key) ব্যবহার করুন।"],
  [/^RecursionError/, "ফাংশন নিজেকে অসংখ্যবার ডেকেছে", "পুনরাবৃত্ত (recursive) ফাংশনে থামার শর্তটা ঠিক আছে কি না দেখুন।"],
];

/** Return {title, body} for the error's last line, or null when nothing fits. */
export function explain(errorLine) {
  if (!errorLine) return null;
  const last = errorLine.trim().split("\n").pop();
  for (const [pattern, title, body] of RULES) {
    if (pattern.test(last) || pattern.test(errorLine)) return { title, body };
  }
  return null;
}
