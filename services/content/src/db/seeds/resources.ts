export interface SeedResource {
  title: string;
  slug: string;
  category: 'AI Basics' | 'Machine Learning' | 'Deep Learning' | 'NLP' | 'Computer Vision' | 'AI Ethics' | 'Tutorials';
  difficultyLevel: 'Beginner' | 'Intermediate' | 'Advanced';
  summary: string;
  tags: string[];
  /** yyyy-mm-dd */
  publishedAt: string;
  content: string;
}

/** Guides written for NeuralBeat. Content uses the site's plain format: "## " headings, blank-line paragraphs, "- " lists. */
export const SEED_RESOURCES: SeedResource[] = [
  {
    title: 'What Is Artificial Intelligence? A Plain-Language Introduction',
    slug: 'what-is-artificial-intelligence',
    category: 'AI Basics',
    difficultyLevel: 'Beginner',
    summary: 'The ideas behind AI, machine learning and today’s language models, explained without jargon.',
    tags: ['basics', 'machine-learning', 'llm'],
    publishedAt: '2026-01-12',
    content: `Artificial intelligence is the practice of building computer systems that perform tasks we associate with human judgement: recognising speech, translating text, spotting patterns in numbers or recommending what to watch next. The term covers many techniques, and most of the AI you meet today is a narrow tool that does one kind of task well rather than a general mind.

## Rules versus learning

Early AI systems followed rules written by people. If a message contains certain words, mark it as spam; if a patient has these three symptoms, suggest this diagnosis. Rules are predictable and easy to audit, but they are brittle: the world changes faster than anyone can write rules, and many skills, such as recognising a face, are impossible to describe as a list of instructions.

Modern AI mostly learns from examples instead. Show a system thousands of emails labelled spam or not spam and it works out for itself which features matter. This approach is called machine learning, and the result of training is a model: a large set of numbers that turns an input into a prediction.

## Deep learning

Deep learning is machine learning with neural networks that have many layers. Each layer transforms its input a little, and together they learn rich representations of images, sound and language. Deep learning took off around 2012, when large datasets and graphics processors made it practical to train such networks, and it now powers speech recognition, photo search and machine translation.

## Where language models fit

Large language models are deep learning systems trained on enormous amounts of text to predict the next word. That simple objective, repeated across trillions of words, produces systems that can summarise, answer questions, translate and write code. Chat assistants are language models with extra training to follow instructions and hold a conversation.

- They are good at drafting, explaining and transforming text.
- They can be confidently wrong, so important facts need checking.
- They reflect the data they were trained on, including its gaps and biases.
- They do not look things up unless a tool such as web search is connected.

## Common misunderstandings

AI systems do not understand the world the way people do, and a fluent answer is not proof of a correct one. On the other hand, "it only predicts the next word" undersells what these models can do in practice. The useful attitude is to treat AI as a capable but fallible assistant whose work you review.

## How to start

Use an assistant for a real task you understand well, such as summarising a document you have already read or drafting an email you would otherwise write yourself. Comparing its output with your own understanding is the fastest way to learn what these tools do well and where they fail. From there, the other beginner guides on NeuralBeat explain how models are trained and evaluated.`,
  },
  {
    title: 'Writing Prompts That Work: A Practical Guide',
    slug: 'writing-prompts-that-work',
    category: 'AI Basics',
    difficultyLevel: 'Intermediate',
    summary: 'Context, examples, constraints and iteration: the habits that make AI assistants reliably useful.',
    tags: ['prompting', 'llm', 'productivity'],
    publishedAt: '2026-02-17',
    content: `A prompt is everything the model sees before it answers. Good prompting is less about magic phrases and more about giving the model what a capable new colleague would need: the goal, the context, the constraints and an idea of what good output looks like.

## Start with the task and the audience

State what you want produced and who it is for. "Summarise this report" leaves the model guessing about length, focus and tone. "Summarise this report in five bullet points for a finance director who has two minutes, focusing on costs and risks" gives it everything it needs to choose well.

## Provide the context explicitly

Models do not know your company, your project or the decisions you made last week. Paste the relevant material into the prompt and say what it is. When the answer must come only from that material, say so, and ask the model to reply "not stated" when the information is missing. This single instruction removes a large share of invented details.

## Show, do not just tell

Examples are the most reliable way to control format and style. If you need product descriptions in a particular voice, include two descriptions you like and ask for a third in the same style. Keep the examples varied, otherwise the model copies surface details such as length or opening words.

## Constrain the output

- Ask for a fixed structure: headings, a table, or JSON with named fields.
- Set limits on length, reading level or vocabulary.
- Ask for the reasoning or assumptions separately from the final answer, so you can check them.

## Break big jobs into steps

A single prompt that must research, outline, draft and edit usually does each part poorly. Run the steps separately: ask for an outline, correct it, then ask for the draft section by section. Chaining small prompts also makes it obvious which step went wrong when the result disappoints.

## Iterate like an editor

Treat the first answer as a draft. Point at specific problems ("the second paragraph repeats the first; the tone is too formal") rather than asking for a generally better version. When you find a prompt that works, save it as a template with placeholders so colleagues can reuse it.

## Know the limits

No prompt makes a model reliably accurate on facts it does not have. For questions about your own documents, pair prompting with retrieval, and for anything consequential, verify the output against the source before you use it.`,
  },
  {
    title: 'Machine Learning Fundamentals: Training, Validation and Testing',
    slug: 'machine-learning-fundamentals',
    category: 'Machine Learning',
    difficultyLevel: 'Beginner',
    summary: 'Why we split data three ways, what overfitting looks like, and how to tell if a model is any good.',
    tags: ['machine-learning', 'evaluation', 'basics'],
    publishedAt: '2026-03-03',
    content: `A machine learning model is only useful if it works on data it has never seen. Everything about the standard workflow, from how you split your data to which numbers you report, follows from that one requirement.

## Three sets of data

- Training data is what the model learns from.
- Validation data is what you use to choose settings and compare candidate models.
- Test data is held back until the very end to estimate real-world performance.

If you tune your model while looking at the test set, the test score stops being an honest estimate: you have quietly fitted the model to it. A common split is 70% training, 15% validation and 15% test, but with small datasets cross-validation, which rotates the validation role across several folds, gives steadier estimates.

## Splitting correctly

Random splits are not always right. If you predict next month's sales, train on the past and test on the most recent period, because that is how the model will be used. If several rows come from the same customer or patient, keep them in the same split, otherwise the model can recognise individuals instead of learning general patterns. This problem, called leakage, is the most common reason a model that looked excellent fails in production.

## Overfitting and underfitting

A model overfits when it memorises quirks of the training data. The sign is a training score that keeps improving while the validation score stalls or gets worse. Remedies include more data, simpler models, regularisation and early stopping. A model underfits when it is too simple to capture the pattern at all; both scores are poor, and a more flexible model or better features help.

## Choosing a metric

Accuracy is misleading when classes are unbalanced: a fraud detector that always says "not fraud" can be 99% accurate and useless. Precision tells you how many flagged cases were real; recall tells you how many real cases were flagged; the F1 score balances the two. For regression, mean absolute error is easy to explain in the units of the problem. Pick the metric that matches the cost of each kind of mistake in your application.

## Always compare with a baseline

Before celebrating a score, compare it with something trivial: predicting the most common class, or repeating last week's value. A surprising number of models barely beat such baselines. If yours does not, the features or the data, not the algorithm, are usually the problem.

## A simple checklist

Define the metric first, split the data honestly, build a baseline, iterate on the validation set, and look at the test set once. Write down what you did at each step so someone else can reproduce the result.`,
  },
  {
    title: 'Gradient Boosting in Practice',
    slug: 'gradient-boosting-in-practice',
    category: 'Machine Learning',
    difficultyLevel: 'Intermediate',
    summary: 'How boosted trees work, the handful of parameters that matter, and when they beat neural networks.',
    tags: ['machine-learning', 'xgboost', 'tabular-data'],
    publishedAt: '2026-03-24',
    content: `For tabular data such as customer records, transactions or sensor readings, gradient-boosted decision trees remain one of the strongest and most practical choices. Libraries such as XGBoost, LightGBM and CatBoost dominate competitions and production systems alike.

## The idea

A single decision tree splits the data on one feature at a time, for example "income above 40,000" then "account older than two years". One tree is easy to read but rarely accurate. Boosting builds many small trees in sequence, and each new tree is trained to correct the errors that the ensemble has made so far. Technically, each tree fits the gradient of the loss function, which is where the name comes from. Adding many weak learners this way produces a strong one.

## Parameters worth tuning

- Learning rate: how much each tree contributes. Smaller values need more trees but usually generalise better; 0.03 to 0.1 is a sensible range.
- Number of trees: do not guess it. Use early stopping on a validation set and let training stop when the score stops improving.
- Tree depth or number of leaves: shallow trees of four to eight levels are a good default; deeper trees capture more interactions but overfit faster.
- Row and column subsampling: training each tree on a random subset adds randomness that reduces overfitting.
- Minimum examples per leaf: raising it smooths predictions on noisy data.

Tune in that order, and change one or two parameters at a time.

## Preparing the data

Trees need little preprocessing: no scaling, and most libraries handle missing values natively. Categorical features can be passed directly to CatBoost and LightGBM. Feature engineering still matters, though: ratios, counts over time windows and date parts often add more accuracy than any parameter change.

## Reading the model

Built-in feature importances give a rough picture, but they can be misleading for correlated features. SHAP values explain individual predictions by attributing the output to each feature, which is useful for debugging and for explaining decisions to stakeholders.

## Why trees still win on tables

Trees handle mixed numeric and categorical features, missing values and different scales without fuss. They train in minutes on a laptop, and inference is fast and cheap. Neural networks tend to pull ahead only with very large datasets or when rows include text or images, and even then a boosted model is a strong baseline to beat.`,
  },
  {
    title: 'Evaluating LLM Applications Before and After Launch',
    slug: 'evaluating-llm-applications',
    category: 'Machine Learning',
    difficultyLevel: 'Advanced',
    summary: 'Test sets, graders, regression checks and production monitoring for systems built on language models.',
    tags: ['evaluation', 'llm', 'mlops'],
    publishedAt: '2026-04-14',
    content: `Applications built on language models are hard to test because their output is open-ended and varies between runs. Teams that ship reliable LLM products treat evaluation as an engineering system in its own right, with datasets, graders and dashboards, rather than as a few manual spot checks.

## Build a test set from real use

Start with fifty to two hundred representative inputs drawn from real or realistic traffic. Include easy cases, known hard cases, inputs that should be refused and inputs the system cannot answer. For each case, write down what a good answer must contain or must avoid. Reference answers are helpful but rarely need to be matched word for word.

## Choose graders for each property

- Deterministic checks: valid JSON, required fields present, length limits, banned phrases, citations pointing at real documents.
- Reference comparison: does the answer contain the key facts from the expected answer?
- Model-graded rubrics: a separate model scores faithfulness, relevance or tone against a written rubric.
- Human review: a small, regularly refreshed sample, used to calibrate the automated graders.

Model graders are powerful but biased towards longer answers and towards their own style. Validate them against human labels, and prefer narrow yes-or-no questions to holistic scores out of ten.

## Separate the components

In a retrieval-augmented system, measure retrieval on its own: for each question, did the top results contain the passage that answers it? Then measure generation given the correct passages. Separating the two tells you whether to fix the index or the prompt.

## Treat prompts and models like code

Every change to a prompt, a model version or a retrieval setting should run the evaluation suite automatically, and the results should be compared with the last accepted run. Because outputs vary, run each case several times or at low temperature, and look at score distributions rather than single numbers. Keep failing cases as permanent regression tests.

## Monitor in production

Offline scores do not cover everything users will try. Log inputs and outputs with consent, track refusal rates, latency, cost per request and user feedback, and sample conversations for review each week. Drift shows up as new kinds of questions; add them to the test set so the offline suite keeps pace with reality.

## Report honestly

Publish a short evaluation card for each release: what was tested, the scores, known weaknesses and the cases still failing. It keeps the team calibrated and gives stakeholders realistic expectations.`,
  },
  {
    title: 'How Neural Networks Learn: Backpropagation Explained',
    slug: 'how-neural-networks-learn',
    category: 'Deep Learning',
    difficultyLevel: 'Intermediate',
    summary: 'Layers, loss functions and gradients: the mechanics behind every deep learning model.',
    tags: ['deep-learning', 'neural-networks', 'backpropagation'],
    publishedAt: '2026-05-05',
    content: `A neural network is a stack of simple functions. Each layer multiplies its input by a matrix of weights, adds a bias and applies a non-linear function such as ReLU. Stacking layers lets the network represent very complicated relationships, and learning means finding weights that make the network's outputs match the training targets.

## Why non-linearity matters

Without the non-linear functions between layers, any stack of matrix multiplications collapses into a single one, and depth would add nothing. The non-linearity is what lets early layers detect simple patterns, such as edges in an image, and later layers combine them into complex ones, such as faces.

## The loss

A loss function measures how wrong the network is on a batch of examples. Cross-entropy is standard for classification: it heavily punishes confident wrong answers. Mean squared error is common for regression. Training is the search for weights that make the average loss small on the training data while still generalising to new data.

## Gradients and backpropagation

Backpropagation applies the chain rule of calculus to compute, for every weight, how much the loss would change if that weight changed slightly. It works backwards from the loss through each layer, reusing intermediate results from the forward pass, so the cost of computing all gradients is roughly the same as one extra forward pass. Modern frameworks do this automatically: you define the forward computation and they derive the backward one.

## Gradient descent

Gradient descent nudges every weight a small step in the direction that reduces the loss. Stochastic gradient descent uses a small random batch of examples for each step, which is noisy but fast. Optimisers such as Adam adapt the step size for each weight based on the history of its gradients, which makes training less sensitive to the initial settings.

## Practical consequences

- The learning rate is the most important setting: too high and training diverges, too low and it crawls. Warm-up followed by gradual decay is a robust schedule.
- Normalisation layers and residual connections keep gradients healthy in deep networks, avoiding the vanishing and exploding gradients that once limited depth.
- Batches trade noise for speed: small batches often generalise well, large batches use hardware efficiently.
- Watch both training and validation loss. If only training loss falls, add regularisation such as dropout or weight decay, or get more data.

## Try it yourself

Train a small network on a handwritten digit dataset and plot the loss for three learning rates. Seeing divergence, slow progress and healthy convergence side by side builds more intuition than any formula.`,
  },
  {
    title: 'Transformers and Attention from First Principles',
    slug: 'transformers-and-attention',
    category: 'Deep Learning',
    difficultyLevel: 'Advanced',
    summary: 'Queries, keys and values; multi-head attention; positional information; and why transformers scale.',
    tags: ['deep-learning', 'transformers', 'attention', 'llm'],
    publishedAt: '2026-05-21',
    content: `The transformer replaced recurrence with attention, letting every token look at every other token in one step. That change made training highly parallel on modern accelerators and is the basis of today's language, vision and speech models.

## Attention

Each token's vector is projected by three learned matrices into a query, a key and a value. The attention weight between two tokens is the softmax of their query–key dot product, scaled by the square root of the key dimension so that the softmax does not saturate. A token's output is the weighted sum of all values. Intuitively, the query asks "what am I looking for?", the keys advertise "what do I contain?", and the values carry the information that is passed along.

In a decoder-only language model a causal mask blocks attention to future positions, so each token can only use what came before it. That is what makes next-token prediction a valid training objective.

## Multiple heads

Multi-head attention runs several attention operations in parallel on smaller projections and concatenates the results. Different heads learn to track different relationships, such as syntax, coreference or simple copying patterns. Variants such as grouped-query attention share keys and values across heads to reduce memory during inference.

## The rest of the block

Each transformer block pairs attention with a feed-forward network applied to every position separately, usually with a gated activation. Residual connections add each sub-layer's input to its output, and normalisation before each sub-layer keeps training stable in very deep stacks. Most of the parameters, and much of the stored knowledge, live in the feed-forward layers.

## Position

Attention itself ignores order, so position information must be injected. Early models added fixed sinusoidal or learned position vectors to the input. Most current models use rotary position embeddings, which rotate queries and keys by an angle that depends on position, so the dot product encodes relative distance directly.

## Why it scales

- Training parallelises across the whole sequence, unlike recurrent networks that process one step at a time.
- Quality improves predictably with more parameters, data and compute, following empirical scaling laws.
- The cost of attention grows with the square of sequence length, which is why long-context work focuses on memory-efficient attention kernels, key–value caching and sparse or sliding-window patterns.

## Going further

Implement a single attention head in a few dozen lines of array code and check it against a library implementation. Once the shapes make sense, the rest of the architecture is mostly bookkeeping.`,
  },
  {
    title: 'Tokens, Embeddings and Context Windows: NLP Building Blocks',
    slug: 'tokens-embeddings-context-windows',
    category: 'NLP',
    difficultyLevel: 'Beginner',
    summary: 'How language models turn text into numbers, what a token costs, and why context length matters.',
    tags: ['nlp', 'tokenization', 'embeddings', 'llm'],
    publishedAt: '2026-06-02',
    content: `Language models never see letters or words directly. Before any text reaches a model it is cut into tokens and turned into numbers. Understanding those steps explains a lot of everyday behaviour: why pricing is per token, why models struggle to count letters, and why long documents sometimes get forgotten.

## Tokens

A tokenizer splits text into pieces drawn from a fixed vocabulary, typically tens of thousands of entries. Common words become a single token, while rare words are broken into several sub-word pieces. In English, a token averages about three quarters of a word, so a thousand words is roughly thirteen hundred tokens. Other languages, code and unusual formatting often need more tokens for the same content, which makes them slower and more expensive to process.

Because the model sees "straw" and "berry" as chunks rather than letters, tasks such as counting characters or reversing a word are surprisingly hard for it, even though it writes fluent paragraphs.

## Embeddings

Each token is mapped to an embedding: a list of several hundred or thousand numbers. During training, tokens used in similar contexts end up with similar vectors, so the geometry of the space captures meaning. The same idea applies to whole sentences: an embedding model turns a passage into a single vector, and passages about the same topic land close together. That is the basis of semantic search, clustering and recommendation.

## Context windows

The context window is the maximum number of tokens a model can consider at once, including your prompt, any documents you paste and its own reply. Windows have grown from a few thousand tokens to hundreds of thousands, but bigger is not automatically better:

- Cost and latency grow with the number of tokens processed.
- Models tend to use information at the start and end of a long prompt more reliably than material buried in the middle.
- Anything outside the window is simply invisible to the model.

## What this means in practice

Keep prompts focused and put the most important instructions at the beginning or the end. For large document collections, retrieve the few relevant passages instead of pasting everything. When you estimate costs, count tokens with the provider's tokenizer rather than counting words. And when a model miscounts letters, remember it is reading tokens, not characters.`,
  },
  {
    title: 'Retrieval-Augmented Generation: Grounding LLMs in Your Documents',
    slug: 'retrieval-augmented-generation',
    category: 'NLP',
    difficultyLevel: 'Intermediate',
    summary: 'Chunking, embeddings, vector search and reranking: building a RAG pipeline that answers from your data.',
    tags: ['rag', 'llm', 'embeddings', 'nlp'],
    publishedAt: '2026-06-23',
    content: `Retrieval-augmented generation, or RAG, lets a language model answer from documents it was never trained on. Instead of relying on what the model memorised, the system finds relevant passages at question time and puts them in the prompt. It is the most common way companies connect models to manuals, policies, tickets and wikis.

## The pipeline

- Split documents into chunks of a few hundred words with some overlap, keeping headings and source metadata.
- Turn each chunk into an embedding vector and store it in a vector index.
- At question time, embed the question and retrieve the nearest chunks.
- Optionally rerank the candidates with a cross-encoder, which reads question and passage together and is more precise than vector similarity.
- Ask the model to answer using only the retrieved passages, and to cite them.

## Chunking decisions

Chunks that are too small lose context; chunks that are too large dilute the embedding and waste prompt space. Splitting on document structure, such as sections and paragraphs, beats splitting every fixed number of characters. Prepending the document title and section heading to each chunk helps both retrieval and citation.

## What usually goes wrong

Most failures are retrieval failures: the passage that answers the question was never found. Evaluate retrieval on its own with a set of questions and the passages that answer them, and track recall at five or ten results. Only when retrieval is good is it worth tuning the generation prompt.

Other common problems are stale indexes that miss recent documents, duplicate passages crowding out useful ones, and questions that need information spread across many documents, which a top-five search cannot assemble.

## Improvements that pay off

- Hybrid search that combines keyword matching with vectors, so exact names and codes are found.
- Metadata filters such as date, product or department, applied before similarity search.
- Query rewriting, where the model turns a vague question into a precise search query.
- Answer checks that verify each cited sentence is supported by its passage.

These changes usually improve results more than switching to a bigger model.

## Security

Retrieved text is untrusted input. A document can contain instructions aimed at the model, so keep system instructions separate, respect the user's access rights at retrieval time and never let retrieved content trigger actions on its own.`,
  },
  {
    title: 'Getting Started with Computer Vision',
    slug: 'getting-started-with-computer-vision',
    category: 'Computer Vision',
    difficultyLevel: 'Beginner',
    summary: 'Classification, detection and segmentation explained, with a first project you can build in an afternoon.',
    tags: ['computer-vision', 'basics', 'image-classification'],
    publishedAt: '2026-07-14',
    content: `Computer vision teaches machines to interpret images and video. It sorts photos on your phone, reads number plates, checks products on assembly lines and helps doctors review scans. Despite the variety, most practical problems fall into a few families.

## The three core tasks

- Classification answers "what is in this image?" with one label, such as "cat" or "defective".
- Detection answers "what is where?" with a box and a label around each object.
- Segmentation labels every pixel, outlining objects precisely, which matters for measuring areas or separating overlapping items.

Choose the simplest task that answers your question. Counting people in a room needs detection; deciding whether a photo contains a person only needs classification.

## How images become numbers

A colour image is a grid of pixels, each with red, green and blue values. Convolutional neural networks slide small filters over that grid to detect edges and textures, then combine them layer by layer into shapes and objects. Vision transformers instead cut the image into patches and let them attend to each other. Both families work well; what matters more for a beginner is the data.

## Transfer learning

You rarely train from scratch. Start from a model pre-trained on millions of general images and fine-tune it on a few hundred of your own labelled examples. The early layers already know edges and textures, so the model only needs to learn what distinguishes your categories. This works surprisingly well for tasks like sorting product photos or spotting simple defects.

## Data matters most

Collect images that look like the ones the model will see in use: the same cameras, lighting and backgrounds. Label them consistently, and keep a separate set of photos for testing that the model never trains on. Augmentation, such as random crops, flips and brightness changes, stretches a small dataset further.

## A first project

Collect around fifty photos each of two or three kinds of object, for example different kinds of houseplant. Label them, fine-tune a small pre-trained classifier with a beginner-friendly tool or a few lines of Python, and test it on photos you did not train on. Look closely at the mistakes: they usually reveal problems in the data, such as backgrounds that give away the answer or one class photographed only in daylight. Fixing the data, not the model, is the lesson most first projects teach.`,
  },
  {
    title: 'Object Detection Architectures: From Anchors to Transformers',
    slug: 'object-detection-architectures',
    category: 'Computer Vision',
    difficultyLevel: 'Advanced',
    summary: 'Two-stage and one-stage detectors, anchor-free heads, DETR-style set prediction and how to evaluate them.',
    tags: ['computer-vision', 'object-detection', 'deep-learning'],
    publishedAt: '2026-08-11',
    content: `Object detection predicts a variable number of boxes and labels per image, which makes it structurally harder than classification. The history of detector design is largely the history of answering one question: how do we turn a dense feature map into a clean, non-redundant set of objects?

## Two-stage detectors

The R-CNN family first proposes candidate regions, then classifies and refines each one. Faster R-CNN made proposals part of the network with a region proposal network over anchor boxes: predefined boxes of several sizes and aspect ratios at every feature-map location. Two-stage detectors are accurate, especially on small objects, but slower because the second stage runs per region.

## One-stage detectors

SSD, RetinaNet and the YOLO family predict classes and box offsets directly at every location in one pass. The challenge is class imbalance: almost every location is background. RetinaNet's focal loss down-weights easy negatives so training concentrates on hard examples. Feature pyramid networks combine coarse, semantic features with fine, high-resolution ones so objects of every scale are detected.

## Anchor-free heads

Anchors bring many hyperparameters and a costly matching step. Anchor-free detectors such as FCOS and CenterNet predict, for each location, whether it lies at or near an object's centre and the distances to the box edges. Modern real-time detectors are mostly anchor-free, with careful label assignment strategies that decide which locations are responsible for which object.

## Removing non-maximum suppression

Dense detectors produce many overlapping boxes per object and rely on non-maximum suppression (NMS) to keep the best one. NMS is a hand-tuned post-processing step that struggles with crowded scenes. DETR reframed detection as set prediction: a transformer decoder with a fixed number of learned object queries outputs a set of boxes, and Hungarian matching pairs predictions with ground truth during training, so duplicates are penalised directly. Later variants with deformable attention and denoising training fixed DETR's slow convergence and now rival or beat convolutional detectors.

## Evaluation

Detection is evaluated with mean average precision (mAP). A prediction counts as correct when its intersection over union (IoU) with a ground-truth box exceeds a threshold; COCO-style mAP averages over thresholds from 0.5 to 0.95, rewarding tight boxes. Report results per object size, and measure latency on the target hardware with batch size one, since headline numbers often use large batches or powerful accelerators.

## Choosing in practice

For edge devices and video, a compact anchor-free one-stage model is usually the right start. For offline analysis where accuracy matters most, a transformer-based detector pays off. Either way, label quality and coverage of hard cases decide more than the architecture.`,
  },
  {
    title: 'Using AI Tools Responsibly at Work',
    slug: 'using-ai-tools-responsibly-at-work',
    category: 'AI Ethics',
    difficultyLevel: 'Beginner',
    summary: 'Privacy, accuracy, disclosure and fairness: everyday rules for anyone using AI assistants on the job.',
    tags: ['ethics', 'privacy', 'workplace'],
    publishedAt: '2026-09-01',
    content: `AI assistants can save hours on drafting, summarising and research, but using them well at work takes more than knowing which button to press. A few simple habits protect you, your colleagues and the people your work affects.

## Protect confidential information

Anything you paste into an AI tool leaves your computer. Before sharing customer data, contracts, source code or personal details, check your organisation's policy and which tools are approved. Business plans of major providers often promise not to train on your data, while free consumer versions may not. When in doubt, remove names and identifying details, or describe the problem in general terms instead.

## Check before you trust

Language models produce fluent text whether or not it is correct. They can invent statistics, quotes, legal cases and references that look entirely real. Treat every factual claim in AI output as unverified until you have checked it against a reliable source. The more consequential the document, the more carefully you should check it.

- Verify names, numbers, dates and citations.
- Ask the tool for its sources, then open them yourself.
- Be especially careful with legal, medical and financial content.

## Be open about AI use

If AI wrote a significant part of a report, a customer reply or a piece of published content, say so where your organisation or the context expects it. Honesty about how work was produced maintains trust, and some sectors and regions require disclosure, for example when people interact with a chatbot or see AI-generated images.

## Watch for unfair outcomes

AI tools can repeat stereotypes from their training data. Be careful when using them for decisions about people, such as screening CVs, writing performance reviews or assessing customers. Check whether the output would change if the person's name, gender or background were different, and keep a human responsible for the final decision.

## Respect other people's work

Generated text and images can resemble existing copyrighted material. Do not ask a tool to imitate a living artist or reproduce a paywalled article, and check your organisation's rules before using generated content commercially.

## You remain responsible

Using an AI assistant does not shift responsibility for the result. If you send it, publish it or decide based on it, it is your work. A good rule of thumb: use AI for a first draft or a second opinion, never as the final word.`,
  },
  {
    title: 'Responsible AI: Bias, Transparency and Accountability',
    slug: 'responsible-ai-essentials',
    category: 'AI Ethics',
    difficultyLevel: 'Intermediate',
    summary: 'Where bias enters AI systems, how to measure it, and the practices that make systems accountable.',
    tags: ['ethics', 'bias', 'governance'],
    publishedAt: '2026-09-22',
    content: `AI systems make decisions at scale, so their errors scale too. A flawed rule applied by one clerk affects dozens of people; the same flaw in a model affects millions. Responsible AI is the set of practices that keeps those errors visible, measurable and correctable.

## Where bias comes from

Bias enters at every stage of a project. Training data may under-represent some groups, for example a speech recogniser trained mostly on one accent. Labels may encode past human decisions, such as historical hiring or lending choices that were themselves unfair. The objective may optimise the wrong thing: a model that maximises engagement can learn to promote outrage. Finally, the deployment context can differ from the training context, so a model that was fair in one country misbehaves in another.

A model can be accurate on average and still fail badly for a minority of users. Averages hide exactly the failures that matter most.

## Measuring it

Break evaluation results down by relevant groups and compare error rates, not just overall accuracy. Look at false positives and false negatives separately, because their costs differ: a wrongly rejected loan and a wrongly approved one harm different people. Different fairness definitions, such as equal approval rates or equal error rates, can mathematically conflict, so decide explicitly which one matters for your application and document why.

## Transparency

People affected by a system deserve to know that it exists, roughly how it works and how to challenge it. Internally, documentation is the foundation:

- Datasheets for datasets describe what the data contains, how it was collected and known gaps.
- Model cards describe intended uses, evaluation results by group and limitations.
- Decision logs record who approved a system for deployment and on what evidence.

## Accountability in practice

- Keep a human in the loop for high-stakes decisions and make appeals possible and simple.
- Assign a named owner for each deployed model.
- Monitor in production, because behaviour drifts as the world and the user base change.
- Tell people when they are interacting with an AI system or seeing AI-generated content.
- Run red-team exercises that try to make the system fail before real users do.

## Regulation

Regulation such as the EU AI Act increasingly turns these practices into obligations, with risk management, data governance, logging and human oversight required for high-risk systems. Teams that already document and monitor their models will find compliance an extension of good engineering rather than a separate burden.`,
  },
  {
    title: 'Tutorial: Build a Document Q&A Bot in an Afternoon',
    slug: 'build-a-document-qa-bot',
    category: 'Tutorials',
    difficultyLevel: 'Beginner',
    summary: 'A step-by-step project: load your PDFs, index them and ask questions with cited answers.',
    tags: ['tutorial', 'rag', 'python'],
    publishedAt: '2026-10-06',
    content: `This tutorial builds a small question-answering bot over your own documents using Python, an embedding model and a language model API. It is the simplest useful version of retrieval-augmented generation, and every step can be extended later.

## What you need

- Python 3 and a virtual environment.
- A library to extract text from PDFs.
- Access to an embedding model and a chat model, either through a hosted API or running locally.
- A folder of documents you know well.

## Step 1: collect documents

Put a handful of PDFs or text files in one folder. Start small, with five to ten documents you know well, so you can judge whether the answers are right. Product manuals, policy documents or your own notes all work.

## Step 2: extract and chunk

Extract the text page by page, then split it into chunks of roughly 300 words with a 50-word overlap, so sentences at the edges are not lost. Keep the file name and page number with each chunk; they become the citations in your answers. Strip repeated headers and footers, which otherwise pollute search results.

## Step 3: index

Compute an embedding for each chunk and store the vectors together with their metadata. For a few thousand chunks, a simple in-memory array and cosine similarity are enough; a vector database becomes worthwhile only when the collection grows or needs to be shared.

## Step 4: retrieve

For each question, compute its embedding and find the five closest chunks. Print them while developing: reading what was retrieved is the quickest way to see whether a bad answer came from bad retrieval or bad generation.

## Step 5: answer

Send the retrieved chunks to the chat model with clear instructions: answer only from the provided text, cite the file and page for each claim, and say "I don't know" when the text does not contain the answer. Put the instructions first, then the chunks, then the question.

## Step 6: test honestly

Write ten questions whose answers you know, including two that the documents cannot answer. A good bot answers the first eight with correct citations and declines the last two. Keep these questions and rerun them after every change.

## Where to go next

Add a simple web interface, keyword search alongside vectors for names and codes, and a reranking step. The intermediate guide on retrieval-augmented generation explains each of these in depth.`,
  },
  {
    title: 'Tutorial: Fine-Tuning a Small Language Model with LoRA',
    slug: 'fine-tuning-with-lora',
    category: 'Tutorials',
    difficultyLevel: 'Advanced',
    summary: 'Adapt an open model to your task on a single GPU with low-rank adapters, and evaluate it properly.',
    tags: ['tutorial', 'fine-tuning', 'lora', 'llm'],
    publishedAt: '2026-10-27',
    content: `Low-rank adaptation (LoRA) fine-tunes a large model by training small adapter matrices instead of all its weights. The base model stays frozen; for selected weight matrices, LoRA learns two thin matrices whose product is added to the original. Memory needs drop dramatically, training fits on a single GPU, and the resulting adapters are only a few megabytes.

## When fine-tuning is worth it

Fine-tune when you need a consistent output format, a specialised style or domain vocabulary that prompting cannot reliably produce, or when you want a small model to match a large one on a narrow task at lower cost. For injecting facts that change, retrieval is usually the better tool, because updating an index is cheaper than retraining.

## Preparing data

Collect a few hundred to a few thousand high-quality input–output pairs in the exact format you will use in production, including the chat template of the base model. Quality beats quantity: remove duplicates, fix inconsistent examples and balance the cases you care about. Hold out ten percent as a validation set and a separate test set that you never look at during training.

## Training setup

- Load the base model in 4-bit precision (the QLoRA recipe) to fit a single consumer or cloud GPU.
- Attach LoRA adapters to the attention projections, and optionally the feed-forward layers, with rank 8 to 16 and alpha around twice the rank.
- Use a learning rate around 1e-4 to 2e-4 with warm-up and cosine decay.
- Train for one to three epochs and compute loss only on the response tokens, not the prompt.
- Use gradient checkpointing and gradient accumulation if memory is tight.

## Watching training

Plot training and validation loss. If validation loss rises while training loss keeps falling, you are overfitting: stop earlier, lower the rank or add data. Sample outputs from the validation set every few hundred steps; loss curves can look healthy while outputs drift into repetition.

## Evaluating

Compare three systems on the held-out test set: the base model with a good prompt, the base model with a few examples in the prompt, and the tuned model. Use task-specific checks such as exact-match fields, format validity or rubric grading, rather than loss alone. Also test a handful of unrelated prompts to catch regressions in general ability.

## Serving

Adapters can be merged into the base weights for simple deployment, or kept separate so one base model serves many adapters. Record the base model version, data snapshot and hyperparameters with every adapter you ship so results can be reproduced.`,
  },
];
