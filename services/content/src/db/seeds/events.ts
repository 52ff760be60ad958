export interface SeedEvent {
  name: string;
  slug: string;
  startDate: string;
  endDate: string | null;
  location: string;
  eventType: string;
  url: string;
  organizer: string;
  virtual: boolean;
  price: string | null;
  tags: string[];
  description: string;
}

/** Real conferences (names, dates, cities, links are public facts); descriptions are our own. */
export const SEED_EVENTS: SeedEvent[] = [
  { name: 'AAAI 2026', slug: 'aaai-2026', startDate: '2026-01-20', endDate: '2026-01-27', location: 'Singapore', eventType: 'Conference', url: 'https://aaai.org/conference/aaai/aaai-26/', organizer: 'Association for the Advancement of Artificial Intelligence', virtual: false, price: null, tags: ['research', 'general-ai'], description: 'One of the broadest AI research conferences, covering everything from planning and reasoning to machine learning and applications, with tutorials, workshops and a large poster programme.' },
  { name: 'ICLR 2026', slug: 'iclr-2026', startDate: '2026-04-23', endDate: '2026-04-27', location: 'Rio de Janeiro, Brazil', eventType: 'Conference', url: 'https://iclr.cc/Conferences/2026', organizer: 'ICLR', virtual: false, price: null, tags: ['deep-learning', 'research'], description: 'The leading venue for representation learning and deep learning research, known for its open peer review and strong focus on new model architectures and training methods.' },
  { name: 'CVPR 2026', slug: 'cvpr-2026', startDate: '2026-06-03', endDate: '2026-06-07', location: 'Denver, USA', eventType: 'Conference', url: 'https://cvpr.thecvf.com/Conferences/2026', organizer: 'IEEE / CVF', virtual: false, price: null, tags: ['computer-vision', 'research'], description: 'The largest computer vision conference of the year, with research on recognition, 3D, video and generative imaging alongside a big industry expo.' },
  { name: 'ICML 2026', slug: 'icml-2026', startDate: '2026-07-06', endDate: '2026-07-11', location: 'Seoul, South Korea', eventType: 'Conference', url: 'https://icml.cc/', organizer: 'International Machine Learning Society', virtual: false, price: null, tags: ['machine-learning', 'research'], description: 'A flagship machine learning conference spanning theory and practice, from optimisation and probabilistic methods to large-scale deep learning.' },
  { name: 'EMNLP 2026', slug: 'emnlp-2026', startDate: '2026-10-24', endDate: '2026-10-29', location: 'Budapest, Hungary', eventType: 'Conference', url: 'https://2026.emnlp.org/', organizer: 'Association for Computational Linguistics', virtual: false, price: null, tags: ['nlp', 'research'], description: 'A major natural language processing conference with a strong empirical focus: language models, evaluation, multilinguality and applications.' },
  { name: 'NeurIPS 2026', slug: 'neurips-2026', startDate: '2026-12-06', endDate: '2026-12-12', location: 'Sydney, Australia', eventType: 'Conference', url: 'https://neurips.cc/', organizer: 'NeurIPS Foundation', virtual: false, price: null, tags: ['machine-learning', 'research'], description: 'The largest annual gathering of machine learning researchers, with thousands of papers, workshops on emerging topics and an active industry presence.' },
  { name: 'AAAI 2027', slug: 'aaai-2027', startDate: '2027-02-16', endDate: '2027-02-23', location: 'Montréal, Canada', eventType: 'Conference', url: 'https://aaai.org/conference/aaai/aaai-27/', organizer: 'Association for the Advancement of Artificial Intelligence', virtual: false, price: null, tags: ['research', 'general-ai'], description: 'The next edition of the broad AI research meeting, bringing together work on reasoning, learning, agents and the societal impact of AI.' },
  { name: 'ECIR 2027', slug: 'ecir-2027', startDate: '2027-03-21', endDate: '2027-03-25', location: 'Southampton, United Kingdom', eventType: 'Conference', url: 'https://www.ecir2027.co.uk/', organizer: 'BCS Information Retrieval Specialist Group', virtual: false, price: null, tags: ['search', 'rag'], description: 'Europe’s main information retrieval conference, increasingly focused on neural search, retrieval-augmented generation and evaluation.' },
  { name: 'CHI 2027', slug: 'chi-2027', startDate: '2027-05-10', endDate: '2027-05-14', location: 'Pittsburgh, USA', eventType: 'Conference', url: 'https://chi2027.acm.org/', organizer: 'ACM SIGCHI', virtual: false, price: null, tags: ['hci', 'ux'], description: 'The premier human–computer interaction conference, with a growing track on how people design, use and are affected by AI systems.' },
  { name: 'ICRA 2027', slug: 'icra-2027', startDate: '2027-05-24', endDate: '2027-05-28', location: 'Seoul, South Korea', eventType: 'Conference', url: 'https://www.ieee-ras.org/conferences-workshops/fully-sponsored/icra/', organizer: 'IEEE Robotics and Automation Society', virtual: false, price: null, tags: ['robotics'], description: 'The flagship robotics conference, where learning-based control, manipulation and autonomous systems research meets hardware demonstrations.' },
  { name: 'NAACL 2027', slug: 'naacl-2027', startDate: '2027-06-01', endDate: '2027-06-05', location: 'San Francisco, USA', eventType: 'Conference', url: 'https://2027.naacl.org/', organizer: 'Association for Computational Linguistics', virtual: false, price: null, tags: ['nlp', 'research'], description: 'The Americas chapter conference of the ACL, covering language models, speech, dialogue and multilingual NLP.' },
  { name: 'CVPR 2027', slug: 'cvpr-2027', startDate: '2027-06-19', endDate: '2027-06-26', location: 'Seattle, USA', eventType: 'Conference', url: 'https://cvpr.thecvf.com/', organizer: 'IEEE / CVF', virtual: false, price: null, tags: ['computer-vision', 'research'], description: 'Next year’s edition of the largest computer vision conference, with workshops on embodied AI, video generation and 3D understanding.' },
];
