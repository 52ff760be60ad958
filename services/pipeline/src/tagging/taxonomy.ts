/** The AI taxonomy: canonical lowercase tags and the phrases that signal them. */
export const TAXONOMY: Record<string, RegExp> = {
  llm: /\b(llms?|large language models?|language models?|gpt-?\d|chatbots?)\b/i,
  'generative-ai': /\b(generative ai|gen ?ai|text-to-image|diffusion models?|image generation)\b/i,
  agents: /\b(ai agents?|agentic|autonomous agents?|agent platform)\b/i,
  'computer-vision': /\b(computer vision|vision-language|object detection|image recognition|camera)\b/i,
  nlp: /\b(natural language processing|nlp|speech recognition|transcri\w+|translation)\b/i,
  robotics: /\b(robots?|robotics|humanoids?)\b/i,
  'open-source': /\b(open[- ]source|open[- ]weights?|permissive licen[cs]e)\b/i,
  'ai-policy': /\b(regulat\w+|legislation|policy|policies|compliance|government|ministry|lawmakers?)\b/i,
  'ai-safety': /\b(ai safety|safety evaluations?|alignment|red[- ]team\w*|watermark\w*)\b/i,
  research: /\b(paper|researchers?|study|arxiv|preprint)\b/i,
  benchmarks: /\b(benchmarks?|leaderboards?)\b/i,
  hardware: /\b(chips?|gpus?|ai accelerators?|semiconductors?|data ?cent(er|re)s?)\b/i,
  funding: /\b(rais(es|ed) \$|funding rounds?|series [a-d] round|venture capital|valuation)\b/i,
  healthcare: /\b(healthcare|medical|clinical|hospitals?|patients?|drug discovery|proteins?)\b/i,
  education: /\b(education|schools?|students?|teachers?)\b/i,
  rag: /\b(rag|retrieval[- ]augmented|vector databases?|hybrid search)\b/i,
  'machine-learning': /\b(machine learning|training runs?|fine-tun\w+|mixture-of-experts|quantiz\w+)\b/i,
};

/** Most tags an item keeps. */
export const MAX_TAGS = 6;
