export interface SeedResource {
  title: string;
  slug: string;
  category: 'AI Basics' | 'Machine Learning' | 'Deep Learning' | 'NLP' | 'Computer Vision' | 'AI Ethics' | 'Tutorials';
  difficultyLevel: 'Beginner' | 'Intermediate' | 'Advanced';
  summary: string;
  tags: string[];
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
    content: `Artificial intelligence is the practice of building computer systems that perform tasks we associate with human judgement: recognising speech, translating text, spotting patterns or making recommendations.

## Rules versus learning

Early AI systems followed rules written by people. If a message contains certain words, mark it as spam. Rules are predictable but brittle: the world changes faster than anyone can write rules.

Modern AI mostly learns from examples instead. Show a system thousands of emails labelled spam or not spam and it works out which features matter. This is machine learning.

## Where language models fit

Large language models are machine learning systems trained on enormous amounts of text to predict the next word. That simple objective, at scale, produces systems that can summarise, answer questions and write code.

- They are good at drafting, explaining and transforming text.
- They can be confidently wrong, so important facts need checking.
- They reflect the data they were trained on, including its gaps and biases.

## How to start

Use an assistant for a real task you understand well, such as summarising a document you have read. Comparing its output with your own understanding is the fastest way to learn what these tools do well and where they fail.`,
  },
  {
    title: 'Machine Learning Fundamentals: Training, Validation and Testing',
    slug: 'machine-learning-fundamentals',
    category: 'Machine Learning',
    difficultyLevel: 'Beginner',
    summary: 'Why we split data three ways, what overfitting looks like, and how to tell if a model is any good.',
    tags: ['machine-learning', 'evaluation', 'basics'],
    publishedAt: '2026-02-03',
    content: `A machine learning model is only useful if it works on data it has never seen. Everything about the standard workflow follows from that one requirement.

## Three sets of data

- Training data is what the model learns from.
- Validation data is what you use to choose settings and compare models.
- Test data is held back until the very end to estimate real-world performance.

If you tune your model while looking at the test set, the test score stops being an honest estimate.

## Overfitting

A model overfits when it memorises quirks of the training data. The sign is a training score that keeps improving while the validation score stalls or gets worse. Remedies include more data, simpler models, regularisation and early stopping.

## Choosing a metric

Accuracy is misleading when classes are unbalanced: a fraud detector that always says "not fraud" can be 99% accurate and useless. Precision, recall and the F1 score describe the trade-off between false alarms and missed cases. Pick the metric that matches the cost of each kind of mistake in your problem.`,
  },
  {
    title: 'Gradient Boosting in Practice',
    slug: 'gradient-boosting-in-practice',
    category: 'Machine Learning',
    difficultyLevel: 'Intermediate',
    summary: 'How boosted trees work, the handful of parameters that matter, and when they beat neural networks.',
    tags: ['machine-learning', 'xgboost', 'tabular-data'],
    publishedAt: '2026-03-18',
    content: `For tabular data such as customer records or sensor readings, gradient-boosted decision trees remain one of the strongest and most practical choices.

## The idea

Boosting builds many small trees in sequence. Each new tree is trained to correct the errors the ensemble has made so far. Adding many weak learners this way produces a strong one.

## Parameters worth tuning

- Learning rate: smaller values need more trees but usually generalise better.
- Number of trees: pick it with early stopping on a validation set.
- Tree depth: shallow trees (4–8 levels) are a good default.
- Subsampling of rows and columns: adds randomness that reduces overfitting.

## Why they still win on tables

Trees handle mixed numeric and categorical features, missing values and different scales without much preprocessing. They train quickly on a laptop and their feature importances help explain results. Neural networks tend to pull ahead only with very large datasets or when the data includes text or images.`,
  },
  {
    title: 'How Neural Networks Learn: Backpropagation Explained',
    slug: 'how-neural-networks-learn',
    category: 'Deep Learning',
    difficultyLevel: 'Intermediate',
    summary: 'Layers, loss functions and gradients: the mechanics behind every deep learning model.',
    tags: ['deep-learning', 'neural-networks', 'backpropagation'],
    publishedAt: '2026-04-07',
    content: `A neural network is a stack of simple functions. Each layer multiplies its input by a matrix of weights, adds a bias and applies a non-linear function. Learning means finding weights that make the network's outputs match the training targets.

## The loss

A loss function measures how wrong the network is on a batch of examples: cross-entropy for classification, mean squared error for regression. Training is the search for weights that make the loss small.

## Gradients and backpropagation

Backpropagation applies the chain rule of calculus to compute, for every weight, how much the loss would change if that weight changed slightly. Gradient descent then nudges every weight a small step in the direction that reduces the loss.

## Practical consequences

- The learning rate is the most important setting: too high and training diverges, too low and it crawls.
- Normalisation layers and residual connections keep gradients healthy in deep networks.
- Batches trade noise for speed: small batches generalise well, large batches use hardware efficiently.`,
  },
  {
    title: 'Transformers and Attention from First Principles',
    slug: 'transformers-and-attention',
    category: 'Deep Learning',
    difficultyLevel: 'Advanced',
    summary: 'Queries, keys and values; multi-head attention; positional information; and why transformers scale.',
    tags: ['deep-learning', 'transformers', 'attention', 'llm'],
    publishedAt: '2026-05-21',
    content: `The transformer replaced recurrence with attention, letting every token look at every other token in one step. That change made training highly parallel and is the basis of today's language models.

## Attention

Each token is projected into a query, a key and a value. The attention weight between two tokens is the softmax of their query–key dot product, scaled by the square root of the dimension. A token's output is the weighted sum of all values.

## Multiple heads

Multi-head attention runs several attention operations in parallel on smaller projections, so different heads can track different relationships such as syntax, coreference or position.

## Position

Attention itself ignores order, so position is injected, today usually with rotary embeddings that encode relative distance directly in the query–key product.

## Why it scales

- Training parallelises across the whole sequence.
- Quality improves predictably with more parameters, data and compute.
- The cost of attention grows with the square of sequence length, which is why long-context work focuses on efficient attention kernels and caching.`,
  },
  {
    title: 'Retrieval-Augmented Generation: Grounding LLMs in Your Documents',
    slug: 'retrieval-augmented-generation',
    category: 'NLP',
    difficultyLevel: 'Intermediate',
    summary: 'Chunking, embeddings, vector search and reranking: building a RAG pipeline that answers from your data.',
    tags: ['rag', 'llm', 'embeddings', 'nlp'],
    publishedAt: '2026-06-09',
    content: `Retrieval-augmented generation lets a language model answer from documents it was never trained on. Instead of relying on memory, the system finds relevant passages and puts them in the prompt.

## The pipeline

- Split documents into chunks of a few hundred words with some overlap.
- Turn each chunk into an embedding vector and store it in a vector index.
- At question time, embed the question and retrieve the nearest chunks.
- Optionally rerank the candidates with a cross-encoder for precision.
- Ask the model to answer using only the retrieved passages, and to cite them.

## What usually goes wrong

Most failures are retrieval failures: the right passage was never found. Evaluate retrieval on its own with a set of questions and known answer passages before tuning prompts.

## Improvements that pay off

Hybrid search that combines keywords with vectors, metadata filters such as date or product, and chunking that respects headings all improve results more than a bigger model does.`,
  },
  {
    title: 'Getting Started with Computer Vision',
    slug: 'getting-started-with-computer-vision',
    category: 'Computer Vision',
    difficultyLevel: 'Beginner',
    summary: 'Classification, detection and segmentation explained, with a first project you can build in an afternoon.',
    tags: ['computer-vision', 'basics', 'image-classification'],
    publishedAt: '2026-07-14',
    content: `Computer vision teaches machines to interpret images and video. Most practical problems fall into three families.

## The three core tasks

- Classification answers "what is in this image?" with one label.
- Detection answers "what is where?" with boxes around each object.
- Segmentation labels every pixel, outlining objects precisely.

## Transfer learning

You rarely train from scratch. Start from a model pre-trained on millions of images and fine-tune it on a few hundred of your own labelled examples. This works surprisingly well for tasks like sorting product photos or spotting defects.

## A first project

Collect around fifty photos each of two or three kinds of object, label them, fine-tune a small pre-trained classifier and test it on photos you did not train on. Look closely at the mistakes: they usually reveal problems in the data, such as backgrounds that give away the answer.`,
  },
  {
    title: 'Responsible AI: Bias, Transparency and Accountability',
    slug: 'responsible-ai-essentials',
    category: 'AI Ethics',
    difficultyLevel: 'Intermediate',
    summary: 'Where bias enters AI systems, how to measure it, and the practices that make systems accountable.',
    tags: ['ethics', 'bias', 'governance'],
    publishedAt: '2026-08-04',
    content: `AI systems make decisions at scale, so their errors do too. Responsible AI is the set of practices that keeps those errors visible, measurable and correctable.

## Where bias comes from

Bias enters through data that under-represents some groups, labels that encode past human decisions, and objectives that optimise the wrong thing. A model can be accurate on average and still fail badly for a minority of users.

## Measuring it

Break evaluation results down by relevant groups and compare error rates. Different fairness definitions can conflict, so decide explicitly which one matters for your application and document why.

## Practices that help

- Document datasets and models: what they contain, how they were built, known limitations.
- Keep a human in the loop for high-stakes decisions and make appeals possible.
- Monitor in production, because behaviour drifts as the world changes.
- Tell people when they are interacting with an AI system or AI-generated content.

Regulation such as the EU AI Act increasingly turns these practices into obligations for high-risk systems.`,
  },
  {
    title: 'Tutorial: Build a Document Q&A Bot in an Afternoon',
    slug: 'build-a-document-qa-bot',
    category: 'Tutorials',
    difficultyLevel: 'Beginner',
    summary: 'A step-by-step project: load your PDFs, index them and ask questions with cited answers.',
    tags: ['tutorial', 'rag', 'python'],
    publishedAt: '2026-09-15',
    content: `This tutorial builds a small question-answering bot over your own documents using Python, an embedding model and a language model API.

## Step 1: collect documents

Put a handful of PDFs or text files in one folder. Start small: five to ten documents you know well, so you can judge the answers.

## Step 2: extract and chunk

Extract the text, then split it into chunks of roughly 300 words with a 50-word overlap. Keep the file name and page number with each chunk so answers can cite their source.

## Step 3: index

Compute an embedding for each chunk and store the vectors with their metadata. For a few thousand chunks a simple in-memory index is enough.

## Step 4: answer

For each question, embed it, retrieve the five closest chunks and send them to the model with an instruction to answer only from the provided text and to cite file and page.

## Step 5: test honestly

Write ten questions whose answers you know, including two the documents cannot answer. A good bot says "I don't know" for those.`,
  },
  {
    title: 'Tutorial: Fine-Tuning a Small Language Model with LoRA',
    slug: 'fine-tuning-with-lora',
    category: 'Tutorials',
    difficultyLevel: 'Advanced',
    summary: 'Adapt an open model to your task on a single GPU with low-rank adapters, and evaluate it properly.',
    tags: ['tutorial', 'fine-tuning', 'lora', 'llm'],
    publishedAt: '2026-10-20',
    content: `Low-rank adaptation (LoRA) fine-tunes a large model by training small adapter matrices instead of all its weights. It cuts memory needs dramatically and the adapters are only a few megabytes.

## When fine-tuning is worth it

Fine-tune when you need a consistent output format, a specialised style or domain vocabulary that prompting cannot reliably produce. For injecting facts, retrieval is usually the better tool.

## Preparing data

Collect a few hundred to a few thousand high-quality input–output pairs in the exact format you will use in production. Quality beats quantity: remove duplicates and inconsistent examples.

## Training

- Load the base model in 4-bit precision to fit a single GPU.
- Attach LoRA adapters to the attention projections with rank 8–16.
- Train for one to three epochs with a small learning rate and watch validation loss.

## Evaluating

Compare the tuned model with the base model plus a good prompt on a held-out set, using task-specific checks rather than loss alone. Keep the base model's general abilities in mind: test a few unrelated prompts for regressions.`,
  },
];
