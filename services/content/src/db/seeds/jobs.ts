export interface SeedJob {
  title: string;
  company: string;
  location: string;
  jobType: 'Full-time' | 'Part-time' | 'Contract';
  remote: boolean;
  salaryRange: string | null;
  applyUrl: string;
  postedDaysAgo: number;
  description: string;
  requirements: string;
}

/** Fictional employers; apply links on example domains. */
export const SEED_JOBS: SeedJob[] = [
  {
    title: 'Senior Machine Learning Engineer',
    company: 'Lumen Labs',
    location: 'San Francisco, CA',
    jobType: 'Full-time',
    remote: false,
    salaryRange: '$190k – $240k',
    applyUrl: 'https://jobs.lumenlabs.example.com/ml-engineer',
    postedDaysAgo: 2,
    description:
      'Build and ship ranking and recommendation models that reach millions of users. You will own models from data pipelines to online experiments. The team is small, senior and ships weekly, and you will work closely with product and design on what to measure.',
    requirements:
      '- 5+ years building production ML systems\n- Strong Python and one of PyTorch or JAX\n- Experience with A/B testing and feature stores',
  },
  {
    title: 'LLM Applications Engineer',
    company: 'Northwind AI',
    location: 'Remote (US)',
    jobType: 'Full-time',
    remote: true,
    salaryRange: '$160k – $200k',
    applyUrl: 'https://careers.northwind.example.com/llm-apps',
    postedDaysAgo: 4,
    description:
      'Design retrieval-augmented assistants for enterprise customers, from prompt and retrieval design to evaluation harnesses and monitoring. Each engagement starts with the customer’s real documents, so you will spend time understanding their domain before writing any code.',
    requirements:
      '- Shipped at least one LLM-powered product\n- TypeScript or Python backend experience\n- Comfort designing evaluations for non-deterministic systems',
  },
  {
    title: 'Computer Vision Researcher',
    company: 'Parallax Robotics',
    location: 'Boston, MA',
    jobType: 'Full-time',
    remote: false,
    salaryRange: '$170k – $220k',
    applyUrl: 'https://parallax.example.com/jobs/cv-research',
    postedDaysAgo: 6,
    description:
      'Research perception models for warehouse robots: 3D detection, tracking and grasp prediction from multi-camera rigs. Your work goes from paper to robots in our test warehouse within weeks, and publishing is encouraged.',
    requirements:
      '- PhD or equivalent research experience in computer vision\n- Publications at CVPR, ICCV, ECCV or similar\n- Experience deploying models on edge hardware is a plus',
  },
  {
    title: 'Data Scientist, Forecasting',
    company: 'Cobalt Freight',
    location: 'Chicago, IL',
    jobType: 'Full-time',
    remote: true,
    salaryRange: '$135k – $165k',
    applyUrl: 'https://cobaltfreight.example.com/careers/ds-forecasting',
    postedDaysAgo: 8,
    description:
      'Forecast shipment volumes and prices across thousands of lanes and turn forecasts into decisions for the operations team. You will also own the monitoring that tells us when a model has stopped matching reality.',
    requirements: '- Time-series forecasting experience\n- SQL and Python\n- Able to explain models to non-technical stakeholders',
  },
  {
    title: 'AI Product Manager',
    company: 'Brightpath Health',
    location: 'New York, NY',
    jobType: 'Full-time',
    remote: false,
    salaryRange: '$175k – $210k',
    applyUrl: 'https://brightpath.example.com/jobs/ai-pm',
    postedDaysAgo: 10,
    description:
      'Lead the roadmap for clinical documentation assistants used by physicians, balancing model capability, safety and workflow fit. You will spend time in clinics with the people who use the product every day.',
    requirements:
      '- 4+ years of product management\n- Experience with ML or LLM products\n- Healthcare or regulated-industry background preferred',
  },
  {
    title: 'MLOps Engineer',
    company: 'Kestrel Cloud',
    location: 'Austin, TX',
    jobType: 'Contract',
    remote: true,
    salaryRange: '$95 – $120 / hour',
    applyUrl: 'https://kestrel.example.com/contract/mlops',
    postedDaysAgo: 3,
    description:
      'Six-month contract to build the training and serving platform: GPU scheduling, model registry, CI for models and observability. The goal is a platform the in-house team can run on its own when the contract ends, so documentation and handover are part of the job.',
    requirements: '- Kubernetes and Terraform\n- Experience with model serving frameworks\n- Strong Linux and networking fundamentals',
  },
  {
    title: 'Annotation Team Lead',
    company: 'Tessellate Data',
    location: 'Remote (Europe)',
    jobType: 'Contract',
    remote: true,
    salaryRange: '€45 – €60 / hour',
    applyUrl: 'https://tessellate.example.com/jobs/annotation-lead',
    postedDaysAgo: 12,
    description:
      'Lead a distributed team labelling images and text for model training, define guidelines and run quality reviews. You will report agreement metrics to the client’s ML team and help them decide what to label next.',
    requirements: '- Experience managing labelling or QA teams\n- Excellent written English\n- Familiarity with annotation tools',
  },
  {
    title: 'Prompt Engineer (Part-time)',
    company: 'Quillwork',
    location: 'Remote',
    jobType: 'Part-time',
    remote: true,
    salaryRange: '$70 – $90 / hour',
    applyUrl: 'https://quillwork.example.com/careers/prompt-engineer',
    postedDaysAgo: 5,
    description:
      'Twenty hours a week designing and testing prompts and evaluation sets for a writing assistant used by publishers. Hours are flexible within a four-hour overlap with our editors in London.',
    requirements: '- Portfolio of LLM prompt work\n- Strong editorial judgement\n- Basic scripting to run evaluations',
  },
  {
    title: 'AI Ethics Researcher (Part-time)',
    company: 'Civic Signal Institute',
    location: 'Washington, DC',
    jobType: 'Part-time',
    remote: false,
    salaryRange: '$60k – $75k (pro rata)',
    applyUrl: 'https://civicsignal.example.com/jobs/ai-ethics',
    postedDaysAgo: 14,
    description:
      'Study the use of automated decision systems in public services and publish accessible policy briefs. The role is based in our Washington office three days a week and includes briefing legislative staff.',
    requirements: '- Graduate degree in a relevant field\n- Research and writing samples\n- Knowledge of AI governance frameworks',
  },
  {
    title: 'NLP Engineer, Search',
    company: 'Meridian Commerce',
    location: 'Seattle, WA',
    jobType: 'Full-time',
    remote: false,
    salaryRange: '$165k – $205k',
    applyUrl: 'https://meridian.example.com/jobs/nlp-search',
    postedDaysAgo: 16,
    description:
      'Improve product search with embeddings, query understanding and learning-to-rank across a catalogue of tens of millions of items. Changes you make are tested in live experiments on real shopping traffic.',
    requirements: '- Information retrieval or NLP experience\n- Python and a JVM language\n- Experience with large-scale search systems',
  },
  {
    title: 'Robotics Software Engineer',
    company: 'Parallax Robotics',
    location: 'Pittsburgh, PA',
    jobType: 'Full-time',
    remote: false,
    salaryRange: null,
    applyUrl: 'https://parallax.example.com/jobs/robotics-software',
    postedDaysAgo: 20,
    description:
      'Write the real-time software that turns perception outputs into safe, smooth robot motion on the warehouse floor. You will test on real hardware every week alongside the perception team.',
    requirements: '- Modern C++\n- ROS 2 experience\n- Motion planning or controls background',
  },
  {
    title: 'Freelance AI Course Author',
    company: 'Learnwise',
    location: 'Remote',
    jobType: 'Contract',
    remote: true,
    salaryRange: '$4,000 per course',
    applyUrl: 'https://learnwise.example.com/authors',
    postedDaysAgo: 22,
    description:
      'Write and record short practical courses on applied machine learning topics for working professionals. Each course is about two hours of video with hands-on notebooks, and our editors help with structure and recording.',
    requirements: '- Practical ML experience\n- Clear teaching style\n- Able to produce code examples and exercises',
  },
  {
    title: 'Applied Scientist, Speech',
    company: 'Echo Harbor',
    location: 'Toronto, Canada',
    jobType: 'Full-time',
    remote: false,
    salaryRange: 'CA$150k – CA$185k',
    applyUrl: 'https://echoharbor.example.com/jobs/speech-scientist',
    postedDaysAgo: 9,
    description:
      'Improve speech recognition and diarisation for meeting transcripts in noisy rooms and many accents. You will run experiments from data collection to on-device deployment.',
    requirements:
      '- Experience training ASR or audio models\n- PyTorch and large-scale data processing\n- Comfortable reading and implementing recent papers',
  },
  {
    title: 'AI Teaching Assistant (Part-time)',
    company: 'Learnwise',
    location: 'Manchester, UK',
    jobType: 'Part-time',
    remote: false,
    salaryRange: '£28 – £35 / hour',
    applyUrl: 'https://learnwise.example.com/jobs/teaching-assistant',
    postedDaysAgo: 18,
    description:
      'Support in-person evening classes on practical machine learning, helping learners debug notebooks and understand their results. Two evenings a week at our Manchester studio.',
    requirements: '- Solid Python and scikit-learn\n- Patience and clear explanations\n- Prior teaching or mentoring is a plus',
  },
];
