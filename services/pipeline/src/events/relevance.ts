/**
 * How much an event is about AI, 0–100, with the reasons: a deterministic rubric
 * over the name, the topics and tags, and the description. Each signal counts
 * once, where it weighs most (the name and topics fully, the description at 60%);
 * the sum is capped at 100, and at 45 when only the description speaks of AI. Calibrated on real calendars (see README, "Events
 * from sources"): AI conferences and their deadlines, LLM and machine-learning
 * talks reach 50 or more; hackerspace meetups, school holidays and busy/free
 * blocks stay near 0.
 */
export interface RelevanceInput {
  name: string;
  description: string;
  topics: string[];
  tags: string[];
}

export interface Relevance {
  score: number;
  reasons: string[];
  /** The AI subjects found, as tags (so `/events/tag/machine-learning.ics` lists the events about it). */
  subjects: string[];
}

interface Signal {
  label: string;
  pattern: RegExp;
  points: number;
  /** The tag an event found to be about this gets. */
  subject?: string;
}

const CONFERENCES =
  'NeurIPS|NIPS|ICML|ICLR|CVPR|ICCV|ECCV|AAAI|IJCAI|ACL|EMNLP|NAACL|EACL|COLING|CoNLL|COLM|KDD|AISTATS|UAI|CoRL|COLT|ALT|ECAI|AAMAS|ICRA|IROS|WACV|BMVC|ICDM|ECML|ECML-PKDD|CIKM|SIGIR|WSDM|ICASSP|INTERSPEECH|MICCAI|ICPR|ICDAR|ACCV|3DV|FG|MLSys|CoLLAs|CPAL|CHIL|L4DC|ACML|ICANN|IJCNN|ESANN|Interspeech|IJCNLP|AACL|INLG|LREC|SIGDIAL';

const SIGNALS: Signal[] = [
  {
    label: 'artificial intelligence',
    subject: 'artificial-intelligence',
    pattern: /\bartificial intelligence\b|\bintelligence artificielle\b|\bkünstliche intelligenz\b|人工智能/i,
    points: 50,
  },
  { label: 'AI', subject: 'artificial-intelligence', pattern: /(?<![\w.-])(?:AI|A\.I\.|GenAI|IA|KI)(?![\w-])/, points: 50 },
  {
    label: 'machine learning',
    subject: 'machine-learning',
    pattern: /\bmachine[- ]learning\b|\bapprentissage automatique\b|\bmaschinelles lernen\b|(?<![\w-])ML(?![\w-])/i,
    points: 50,
  },
  { label: 'deep learning', subject: 'deep-learning', pattern: /\bdeep[- ]learning\b/i, points: 50 },
  {
    label: 'language models',
    subject: 'llm',
    pattern: /\b(?:large )?language models?\b|(?<![\w-])LLMs?(?![\w-])|\bGPT-?\d?\b|\bchatgpt\b/i,
    points: 50,
  },
  { label: 'generative AI', subject: 'generative-ai', pattern: /\bgenerative (?:ai|models?)\b|\bdiffusion models?\b/i, points: 50 },
  {
    label: 'neural networks',
    subject: 'deep-learning',
    pattern: /\bneural (?:networks?|information|computation)\b|\bneuro-?symbolic\b/i,
    points: 50,
  },
  {
    label: 'natural language processing',
    subject: 'nlp',
    pattern:
      /\bnatural language (?:processing|generation|understanding)\b|\bcomputational linguistics\b|\blanguage resources\b|(?<![\w-])NLP(?![\w-])/i,
    points: 50,
  },
  {
    label: 'computer vision',
    subject: 'computer-vision',
    pattern: /\bcomputer vision\b|\bpattern recognition\b|\bimage understanding\b/i,
    points: 50,
  },
  {
    label: 'reinforcement learning',
    subject: 'machine-learning',
    pattern: /\breinforcement learning\b|\blearning representations\b|\blearning theory\b/i,
    points: 50,
  },
  { label: 'an AI conference', subject: 'ai-conference', pattern: new RegExp(`(?<![\\w-])(?:${CONFERENCES})(?![\\w-])`), points: 50 },
  {
    label: 'AI agents',
    subject: 'ai-agents',
    pattern: /\b(?:ai|autonomous|intelligent|multi-?agent) (?:agents?|systems)\b|\bagentic\b/i,
    points: 40,
  },
  {
    label: 'data science',
    subject: 'data-science',
    pattern: /\bdata science\b|\bdata mining\b|\bknowledge discovery\b|\bdata scientists?\b/i,
    points: 30,
  },
  { label: 'robotics', subject: 'robotics', pattern: /\brobotics?\b|\brobot learning\b/i, points: 30 },
  { label: 'speech and signal processing', pattern: /\bspeech recognition\b|\bspeech processing\b|\bsignal processing\b/i, points: 25 },
  {
    label: 'ML tools',
    pattern:
      /\b(?:pytorch|tensorflow|jax|keras|scikit-learn|hugging ?face|transformers|mlops|embeddings?|vector databases?|retrieval[- ]augmented|RAG|prompt engineering|langchain|ollama)\b/i,
    points: 25,
  },
  {
    label: 'evolutionary and fuzzy computation',
    pattern: /\bevolutionary computation\b|\bgenetic algorithms?\b|\bfuzzy systems?\b|\bmetaheuristics?\b/i,
    points: 25,
  },
  {
    label: 'information retrieval',
    pattern: /\binformation retrieval\b|\brecommender systems?\b|\bsemantic web\b|\bknowledge graphs?\b/i,
    points: 20,
  },
  {
    label: 'data and analytics',
    pattern: /\b(?:data ?viz|data visuali[sz]ation|analytics|big data|statistics|statistical|data engineering)\b/i,
    points: 10,
  },
];

/** Names of blocks that are not events at all: free/busy publishing, out of office. */
const NOT_AN_EVENT = /^(?:busy|free|away|tentative|out of office|oof|blocked|private|privat|beschäftigt)$/i;
const HOLIDAYS = /\b(?:holidays?|school vacation|ferien|feiertag|vacances|bank holiday)\b/i;

/** The most the description alone can give, below the default threshold. */
const DESCRIPTION_CAP = 45;

const FIELDS = [
  { field: 'name', factor: 1 },
  { field: 'topics', factor: 1 },
  { field: 'description', factor: 0.6 },
] as const;

export function scoreRelevance(input: RelevanceInput): Relevance {
  const name = input.name.trim();
  if (NOT_AN_EVENT.test(name)) return { score: 0, reasons: [`"${name}" is a free/busy block, not an event: 0`], subjects: [] };
  const texts = { name, topics: [...input.topics, ...input.tags].join(' · '), description: input.description };
  const reasons: string[] = [];
  const subjects: string[] = [];
  let score = 0;
  for (const signal of SIGNALS) {
    for (const { field, factor } of FIELDS) {
      const match = texts[field].match(signal.pattern);
      if (!match) continue;
      const points = Math.round(signal.points * factor);
      score += points;
      reasons.push(`${signal.label} ("${match[0]}") in the ${field}: +${points}`);
      if (signal.subject) subjects.push(signal.subject);
      break;
    }
  }
  if (HOLIDAYS.test(name)) {
    score -= 40;
    reasons.push('a holiday, not an event about AI: −40');
  }
  // An event that mentions AI only in passing (its description) is not about AI: the name or topics must say so to publish.
  const fromDescription = reasons
    .filter((r) => r.includes(' in the description: '))
    .reduce((sum, r) => sum + Number(r.split('+').at(-1)), 0);
  if (fromDescription > DESCRIPTION_CAP && fromDescription === score) {
    reasons.push(`only the description speaks of AI: capped at ${DESCRIPTION_CAP}`);
    score = DESCRIPTION_CAP;
  }
  score = Math.max(0, Math.min(100, score));
  if (!reasons.length) reasons.push('nothing about AI in the name, topics, tags or description: 0');
  return { score, reasons, subjects };
}
