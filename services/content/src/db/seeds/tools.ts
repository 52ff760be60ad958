import type { ToolCategory } from '@neuralbeat/common/contracts';

export interface SeedTool {
  name: string;
  slug: string;
  websiteUrl: string;
  category: ToolCategory;
  pricing: 'Free' | 'Freemium' | 'Paid';
  /** 10–99 characters: the directory card line. */
  shortDescription: string;
  /** Two to four sentences in our own words. */
  description: string;
  tags: string[];
  features: string[];
}

/**
 * Real products with their real sites; every description is NeuralBeat's own wording.
 * Order matters: the first entry gets the newest created_at, so the first three are "featured".
 */
export const SEED_TOOLS: SeedTool[] = [
  // AI Chatbots
  {
    name: 'ChatGPT',
    slug: 'chatgpt',
    websiteUrl: 'https://chatgpt.com',
    category: 'AI Chatbots',
    pricing: 'Freemium',
    shortDescription: 'General-purpose conversational assistant from OpenAI',
    description:
      'A chat assistant that drafts text, answers questions, analyses files and writes code. It remembers the conversation, can search the web and supports custom instructions for recurring work.',
    tags: ['chatbot', 'llm', 'writing'],
    features: ['Multi-turn conversation', 'File and image analysis', 'Custom GPTs', 'Voice mode'],
  },
  {
    name: 'Claude',
    slug: 'claude',
    websiteUrl: 'https://claude.ai',
    category: 'AI Chatbots',
    pricing: 'Freemium',
    shortDescription: "Anthropic's assistant for long documents and careful writing",
    description:
      'A conversational assistant known for handling very long documents, following detailed instructions and producing well-structured prose and code. Projects keep reference material alongside a conversation.',
    tags: ['chatbot', 'llm', 'analysis'],
    features: ['Large context window', 'Projects with shared knowledge', 'Artifacts for code and documents', 'Team workspaces'],
  },
  {
    name: 'Google Gemini',
    slug: 'google-gemini',
    websiteUrl: 'https://gemini.google.com',
    category: 'AI Chatbots',
    pricing: 'Freemium',
    shortDescription: "Google's multimodal assistant connected to its apps",
    description:
      'A multimodal assistant that reads text, images and audio and connects to Gmail, Docs and other Google services. It is handy for research summaries, planning and quick drafting inside the Google ecosystem.',
    tags: ['chatbot', 'multimodal', 'llm'],
    features: ['Google Workspace integration', 'Image understanding', 'Deep research reports', 'Mobile app'],
  },
  {
    name: 'Perplexity',
    slug: 'perplexity',
    websiteUrl: 'https://www.perplexity.ai',
    category: 'AI Chatbots',
    pricing: 'Freemium',
    shortDescription: 'Answer engine that cites its web sources',
    description:
      'Perplexity searches the web for each question and writes an answer with numbered citations, so every claim can be checked. Follow-up questions keep the thread of a research session.',
    tags: ['search', 'research', 'chatbot'],
    features: ['Cited answers', 'Focus modes', 'Collections', 'File uploads'],
  },
  // Content Creation
  {
    name: 'Jasper',
    slug: 'jasper',
    websiteUrl: 'https://www.jasper.ai',
    category: 'Content Creation',
    pricing: 'Paid',
    shortDescription: 'Marketing copy assistant that keeps a brand voice',
    description:
      'Jasper produces marketing copy such as campaign briefs, ads, emails and landing pages while following a stored brand voice and style guide. Teams can share templates and review drafts together.',
    tags: ['marketing', 'copywriting', 'brand'],
    features: ['Brand voice', 'Campaign workflows', 'Templates', 'Team collaboration'],
  },
  {
    name: 'Copy.ai',
    slug: 'copy-ai',
    websiteUrl: 'https://www.copy.ai',
    category: 'Content Creation',
    pricing: 'Freemium',
    shortDescription: 'Go-to-market copy and automated sales workflows',
    description:
      'Copy.ai writes sales and marketing content from short briefs. Its workflow builder chains prompts into repeatable jobs, for example turning a list of accounts into researched outreach emails.',
    tags: ['copywriting', 'sales', 'automation'],
    features: ['Workflow builder', 'Sales prospecting', 'Content templates', 'Brand voice'],
  },
  {
    name: 'Grammarly',
    slug: 'grammarly',
    websiteUrl: 'https://www.grammarly.com',
    category: 'Content Creation',
    pricing: 'Freemium',
    shortDescription: 'Writing assistant for grammar, tone and clarity',
    description:
      'Grammarly checks spelling, grammar and tone as you type in the browser, desktop apps and office suites. Its generative features rewrite, shorten or change the tone of a passage on request.',
    tags: ['writing', 'editing', 'grammar'],
    features: ['Real-time suggestions', 'Tone detection', 'Rewrite on demand', 'Works across apps'],
  },
  {
    name: 'Descript',
    slug: 'descript',
    websiteUrl: 'https://www.descript.com',
    category: 'Content Creation',
    pricing: 'Freemium',
    shortDescription: 'Edit audio and video by editing the transcript',
    description:
      'Descript transcribes recordings and lets you cut video and podcasts by deleting words in the transcript. It removes filler words, cleans up audio and can regenerate short spoken corrections.',
    tags: ['video', 'podcast', 'transcription'],
    features: ['Transcript-based editing', 'Filler word removal', 'Studio Sound', 'Screen recording'],
  },
  // Image Generation
  {
    name: 'Midjourney',
    slug: 'midjourney',
    websiteUrl: 'https://www.midjourney.com',
    category: 'Image Generation',
    pricing: 'Paid',
    shortDescription: 'Text-to-image generator with a distinctive style',
    description:
      'Midjourney turns prompts into detailed, stylised images and offers variations, upscaling and style references. It is widely used for concept art, mood boards and illustration.',
    tags: ['image', 'art', 'generative'],
    features: ['Style references', 'Variations and upscaling', 'Web editor', 'Personalisation'],
  },
  {
    name: 'DALL·E',
    slug: 'dall-e',
    websiteUrl: 'https://openai.com/index/dall-e-3/',
    category: 'Image Generation',
    pricing: 'Freemium',
    shortDescription: "OpenAI's image model that follows prompts closely",
    description:
      "OpenAI's image generator understands long, specific prompts and renders text inside images well. It is available inside ChatGPT and through the API for developers.",
    tags: ['image', 'generative', 'openai'],
    features: ['Prompt adherence', 'Text rendering', 'Inpainting', 'API access'],
  },
  {
    name: 'Stable Diffusion',
    slug: 'stable-diffusion',
    websiteUrl: 'https://stability.ai',
    category: 'Image Generation',
    pricing: 'Free',
    shortDescription: 'Open-weight image models you can run yourself',
    description:
      "Stability AI's open-weight diffusion models can be downloaded, fine-tuned and run on your own hardware. That openness made them the base of a large ecosystem of community tools, styles and extensions.",
    tags: ['image', 'open-source', 'diffusion'],
    features: ['Open weights', 'Fine-tuning', 'Local inference', 'Large community'],
  },
  {
    name: 'Adobe Firefly',
    slug: 'adobe-firefly',
    websiteUrl: 'https://www.adobe.com/products/firefly.html',
    category: 'Image Generation',
    pricing: 'Freemium',
    shortDescription: 'Generative imaging built into Adobe Creative Cloud',
    description:
      'Firefly generates and edits images inside Photoshop, Illustrator and Express. Adobe trains it on licensed content, which matters for commercial design work.',
    tags: ['image', 'design', 'adobe'],
    features: ['Generative fill', 'Text effects', 'Creative Cloud integration', 'Commercial-use focus'],
  },
  // Development
  {
    name: 'GitHub Copilot',
    slug: 'github-copilot',
    websiteUrl: 'https://github.com/features/copilot',
    category: 'Development',
    pricing: 'Freemium',
    shortDescription: 'AI pair programmer inside your editor',
    description:
      'Copilot suggests code as you type and answers questions about a codebase in chat. In agent mode it carries out multi-file changes in VS Code, JetBrains IDEs and on GitHub itself.',
    tags: ['coding', 'ide', 'llm'],
    features: ['Inline completions', 'Chat in the editor', 'Agent mode', 'Pull request summaries'],
  },
  {
    name: 'Cursor',
    slug: 'cursor',
    websiteUrl: 'https://cursor.com',
    category: 'Development',
    pricing: 'Freemium',
    shortDescription: 'AI-first code editor built on VS Code',
    description:
      'Cursor is a code editor that indexes your repository so its assistant understands the whole project. It can edit several files at once, explain unfamiliar code and apply changes you review as diffs.',
    tags: ['coding', 'ide', 'agents'],
    features: ['Codebase-aware chat', 'Multi-file edits', 'Tab completion', 'VS Code extensions'],
  },
  {
    name: 'Replit',
    slug: 'replit',
    websiteUrl: 'https://replit.com',
    category: 'Development',
    pricing: 'Freemium',
    shortDescription: 'Browser IDE with an agent that builds and deploys apps',
    description:
      'Replit runs a full development environment in the browser, so there is nothing to install. Its agent can scaffold an app from a description, add packages and deploy the result in a few clicks.',
    tags: ['coding', 'agents', 'deployment'],
    features: ['Browser IDE', 'App-building agent', 'One-click deploys', 'Multiplayer editing'],
  },
  {
    name: 'Tabnine',
    slug: 'tabnine',
    websiteUrl: 'https://www.tabnine.com',
    category: 'Development',
    pricing: 'Paid',
    shortDescription: 'Code assistant with private and on-premises options',
    description:
      'Tabnine offers code completion and chat inside the major IDEs. It can run in a private cloud or fully on-premises, which suits companies that must keep source code inside their own infrastructure.',
    tags: ['coding', 'privacy', 'enterprise'],
    features: ['Private deployment', 'Team-trained models', 'IDE plugins', 'Code review'],
  },
  // Computer Vision
  {
    name: 'Roboflow',
    slug: 'roboflow',
    websiteUrl: 'https://roboflow.com',
    category: 'Computer Vision',
    pricing: 'Freemium',
    shortDescription: 'Label images, train and deploy vision models',
    description:
      'Roboflow covers the computer-vision workflow from start to finish. You annotate datasets, train detection or segmentation models and deploy them to the cloud or to edge devices from one place.',
    tags: ['vision', 'datasets', 'deployment'],
    features: ['Annotation tools', 'Model training', 'Edge deployment', 'Public datasets'],
  },
  {
    name: 'Ultralytics YOLO',
    slug: 'ultralytics-yolo',
    websiteUrl: 'https://www.ultralytics.com',
    category: 'Computer Vision',
    pricing: 'Free',
    shortDescription: 'Fast open-source object detection models',
    description:
      'Ultralytics maintains the YOLO family of real-time detection, segmentation and pose models. Its Python package trains, validates and exports a model in a few lines of code.',
    tags: ['vision', 'open-source', 'detection'],
    features: ['Real-time detection', 'Segmentation and pose', 'Simple Python API', 'Export to many runtimes'],
  },
  {
    name: 'Landing AI',
    slug: 'landing-ai',
    websiteUrl: 'https://landing.ai',
    category: 'Computer Vision',
    pricing: 'Paid',
    shortDescription: 'Visual inspection models for manufacturing',
    description:
      'Landing AI helps manufacturers build defect-detection models from small labelled datasets. Its tooling keeps labelling consistent across inspectors and runs the finished models on the factory floor.',
    tags: ['vision', 'manufacturing', 'inspection'],
    features: ['Data-centric labelling', 'Small-data training', 'Edge deployment', 'Document extraction'],
  },
  {
    name: 'Clarifai',
    slug: 'clarifai',
    websiteUrl: 'https://www.clarifai.com',
    category: 'Computer Vision',
    pricing: 'Freemium',
    shortDescription: 'Platform for vision and multimodal model workflows',
    description:
      'Clarifai provides hosted vision and language models plus tools to chain them into workflows. Typical uses are content moderation, visual search and automatic tagging of large media libraries.',
    tags: ['vision', 'moderation', 'platform'],
    features: ['Pre-trained models', 'Workflow chaining', 'Visual search', 'Compute orchestration'],
  },
  // Data Analytics
  {
    name: 'Julius AI',
    slug: 'julius-ai',
    websiteUrl: 'https://julius.ai',
    category: 'Data Analytics',
    pricing: 'Freemium',
    shortDescription: 'Chat with spreadsheets and get charts back',
    description:
      'Julius reads spreadsheets and databases and runs the analysis you describe in plain language. It returns tables and charts together with the code it used, so results can be checked.',
    tags: ['analytics', 'spreadsheets', 'charts'],
    features: ['Natural-language analysis', 'Chart generation', 'Python under the hood', 'Report export'],
  },
  {
    name: 'Tableau',
    slug: 'tableau',
    websiteUrl: 'https://www.tableau.com',
    category: 'Data Analytics',
    pricing: 'Paid',
    shortDescription: 'Business intelligence with AI-assisted insights',
    description:
      "Salesforce's BI platform builds interactive dashboards from many data sources. Its AI features explain trends and answer questions about the data in plain language.",
    tags: ['bi', 'dashboards', 'analytics'],
    features: ['Interactive dashboards', 'Natural-language questions', 'Data preparation', 'Governed sharing'],
  },
  {
    name: 'Hex',
    slug: 'hex',
    websiteUrl: 'https://hex.tech',
    category: 'Data Analytics',
    pricing: 'Freemium',
    shortDescription: 'Collaborative data notebooks with an AI assistant',
    description:
      'Hex combines SQL, Python and charts in shared notebooks that can be published as interactive apps. Its assistant writes and fixes queries from a short description.',
    tags: ['notebooks', 'sql', 'analytics'],
    features: ['SQL and Python cells', 'AI query writing', 'Publishable apps', 'Real-time collaboration'],
  },
  {
    name: 'Databricks',
    slug: 'databricks',
    websiteUrl: 'https://www.databricks.com',
    category: 'Data Analytics',
    pricing: 'Paid',
    shortDescription: 'Lakehouse platform for data engineering and ML',
    description:
      'Databricks brings data engineering, analytics and machine learning together on one lakehouse. Teams train, serve and monitor models there and build AI applications on top of company data.',
    tags: ['lakehouse', 'ml', 'data-engineering'],
    features: ['Lakehouse storage', 'Model serving', 'Notebooks', 'Governance with Unity Catalog'],
  },
  // NLP Tools
  {
    name: 'Hugging Face',
    slug: 'hugging-face',
    websiteUrl: 'https://huggingface.co',
    category: 'NLP Tools',
    pricing: 'Freemium',
    shortDescription: 'The hub for open models, datasets and demos',
    description:
      'Hugging Face hosts hundreds of thousands of open models and datasets and maintains the Transformers library. Anyone can publish an interactive demo of a model in Spaces.',
    tags: ['nlp', 'open-source', 'models'],
    features: ['Model hub', 'Datasets', 'Spaces demos', 'Inference endpoints'],
  },
  {
    name: 'DeepL',
    slug: 'deepl',
    websiteUrl: 'https://www.deepl.com',
    category: 'NLP Tools',
    pricing: 'Freemium',
    shortDescription: 'High-quality machine translation and writing help',
    description:
      'DeepL translates text and whole documents between dozens of languages while keeping their formatting. DeepL Write polishes wording and tone within a single language.',
    tags: ['translation', 'nlp', 'writing'],
    features: ['Document translation', 'Glossaries', 'Formal and informal tone', 'API'],
  },
  {
    name: 'Cohere',
    slug: 'cohere',
    websiteUrl: 'https://cohere.com',
    category: 'NLP Tools',
    pricing: 'Paid',
    shortDescription: 'Enterprise language models for search and RAG',
    description:
      'Cohere offers language, embedding and rerank models designed for enterprise retrieval-augmented generation. The models can be deployed in private clouds so documents never leave the company.',
    tags: ['nlp', 'embeddings', 'rag'],
    features: ['Embed and Rerank models', 'Command models', 'Private deployment', 'Multilingual support'],
  },
  {
    name: 'spaCy',
    slug: 'spacy',
    websiteUrl: 'https://spacy.io',
    category: 'NLP Tools',
    pricing: 'Free',
    shortDescription: 'Industrial-strength open-source NLP library',
    description:
      'spaCy is a Python library for tokenisation, named-entity recognition, parsing and text classification. It is built for speed and for production pipelines rather than research experiments.',
    tags: ['nlp', 'python', 'open-source'],
    features: ['Named-entity recognition', 'Dependency parsing', 'Trainable pipelines', 'LLM integration'],
  },
  // No-Code AI
  {
    name: 'Zapier',
    slug: 'zapier',
    websiteUrl: 'https://zapier.com',
    category: 'No-Code AI',
    pricing: 'Freemium',
    shortDescription: 'Automate work across thousands of apps with AI steps',
    description:
      'Zapier connects thousands of apps into automated workflows without code. AI steps and agents read, classify and draft content as part of a flow.',
    tags: ['automation', 'no-code', 'agents'],
    features: ['Thousands of integrations', 'AI workflow steps', 'Agents', 'Tables and interfaces'],
  },
  {
    name: 'Bubble',
    slug: 'bubble',
    websiteUrl: 'https://bubble.io',
    category: 'No-Code AI',
    pricing: 'Freemium',
    shortDescription: 'Build full web apps visually, with AI generation',
    description:
      'Bubble is a visual builder for complete web applications with their own database and logic. It can generate a first version of an app from a plain-language description.',
    tags: ['no-code', 'web-apps', 'builder'],
    features: ['Visual editor', 'Built-in database', 'AI app generation', 'Plugin marketplace'],
  },
  {
    name: 'Make',
    slug: 'make',
    websiteUrl: 'https://www.make.com',
    category: 'No-Code AI',
    pricing: 'Freemium',
    shortDescription: 'Visual scenario builder for automations and AI agents',
    description:
      'Make lets you design automations as visual scenarios with branching, filters and error handling. Language-model modules plug into those scenarios to summarise, classify or extract data.',
    tags: ['automation', 'no-code', 'integrations'],
    features: ['Visual scenarios', 'Error handling', 'AI modules', 'Scheduling'],
  },
  {
    name: 'Teachable Machine',
    slug: 'teachable-machine',
    websiteUrl: 'https://teachablemachine.withgoogle.com',
    category: 'No-Code AI',
    pricing: 'Free',
    shortDescription: 'Train simple image, sound and pose models in the browser',
    description:
      "Google's Teachable Machine trains small classifiers from examples you record in the browser. The models export for websites and apps, which makes it a friendly first step into machine learning.",
    tags: ['education', 'no-code', 'classification'],
    features: ['Browser training', 'Image, audio and pose', 'Model export', 'No account needed'],
  },
];
