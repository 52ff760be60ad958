import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Briefcase, GraduationCap, Mail, Mic, Newspaper, Wrench } from 'lucide-react';
import { STATIC_PAGES } from '@neuralbeat/common/contracts/browser';
import { Seo } from '../../seo/Seo';
import { siteConfig } from '../../app/siteConfig';
import { Button, Card, Container, Grid, Input, PageHeading, TextArea } from '../../components/ui';
import { NewsletterSignup } from '../../components/NewsletterSignup';
import { useToast } from '../../components/toast/ToastProvider';
import { Honeypot } from '../../components/contact/Honeypot';
import { contactErrorMessage, useSendContactMessage } from '../../components/contact/contactApi';
import { aboutJsonLd } from '../../seo/siteJsonLd';

const OFFERS = [
  [
    Newspaper,
    'Curated AI News',
    'The day’s important AI stories from research labs, companies and regulators, summarised and credited to their sources.',
  ],
  [Wrench, 'Comprehensive Directory', 'AI tools sorted by what they do, with plain descriptions, features and pricing.'],
  [GraduationCap, 'Educational Resources', 'Guides for beginners through practitioners, from first principles to production techniques.'],
  [Mic, 'Industry Events', 'Conferences, summits and workshops worth your time, past and upcoming.'],
  [Briefcase, 'Career Opportunities', 'Roles across machine learning, data and AI products, remote and on-site.'],
  [Mail, 'Weekly Newsletter', 'One email a week with the stories and tools that mattered.'],
] as const;
const VALUES = [
  ['Accuracy & Reliability', 'We link every story to its source and say how each summary was produced.'],
  ['Clarity & Accessibility', 'We explain AI in plain language without dumbing it down.'],
  ['Diversity & Inclusion', 'We cover voices and work from across the global AI community.'],
  ['User-Centric Approach', 'No clutter, no dark patterns: the site is built around what readers need.'],
];
const TEAM = [
  ['Maya Okafor', 'Editor-in-Chief'],
  ['Daniel Reyes', 'Head of Engineering'],
  ['Lena Hoffmann', 'Research Editor'],
  ['Arjun Mehta', 'Community Lead'],
];

export default function AboutPage() {
  const meta = STATIC_PAGES['/about'];
  return (
    <Container>
      <Seo title={meta.title} description={meta.description} path="/about" jsonLd={aboutJsonLd()} />
      <PageHeading>About NeuralBeat</PageHeading>
      <Section aria-labelledby="mission">
        <h2 id="mission">Our Mission</h2>
        <p>
          AI moves fast and the signal is easy to lose in the noise. NeuralBeat gathers the news, tools, learning resources, events and jobs
          that matter into one place, so professionals and newcomers alike can follow the field with confidence.
        </p>
        <Actions>
          <Button as={Link} to="/directory">
            Explore AI Tools
          </Button>
          <Button as={Link} to="/news" $variant="outline">
            Read Latest News
          </Button>
        </Actions>
      </Section>
      <Section aria-labelledby="offer">
        <h2 id="offer">What We Offer</h2>
        <Grid $min="260px">
          {OFFERS.map(([Icon, title, text]) => (
            <Card key={title}>
              <Pad>
                <Icon aria-hidden="true" size={28} strokeWidth={1.75} />
                <h3>{title}</h3>
                <p>{text}</p>
              </Pad>
            </Card>
          ))}
        </Grid>
      </Section>
      <Section aria-labelledby="values">
        <h2 id="values">Our Values</h2>
        <Grid $min="240px">
          {VALUES.map(([title, text]) => (
            <div key={title}>
              <h3>{title}</h3>
              <p>{text}</p>
            </div>
          ))}
        </Grid>
      </Section>
      <Section aria-labelledby="team">
        <h2 id="team">Meet Our Team</h2>
        <Grid $min="200px">
          {TEAM.map(([name, role]) => (
            <Person key={name}>
              <div aria-hidden="true">
                {name
                  .split(' ')
                  .map((p) => p[0])
                  .join('')}
              </div>
              <strong>{name}</strong>
              <span>{role}</span>
            </Person>
          ))}
        </Grid>
        <Actions>
          <Button type="button" $variant="outline">
            Join Our Team
          </Button>
        </Actions>
      </Section>
      <Section aria-labelledby="touch">
        <h2 id="touch">Get In Touch</h2>
        <Touch>
          <div>
            <p>
              Email: <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>
            </p>
            <p>San Francisco, CA</p>
            <p>Monday - Friday: 9am - 5pm PST</p>
          </div>
          <AboutMessageForm />
        </Touch>
      </Section>
      <NewsletterSignup variant="about" />
    </Container>
  );
}

const ABOUT_EMPTY = { name: '', email: '', message: '' };
/** About's form has no subject field; the operators' inbox and the mail show where the message came from. */
const ABOUT_SUBJECT = 'Message from the About page';

/** Get In Touch's message form: sent like the Contact page's. */
function AboutMessageForm() {
  const [form, setForm] = useState(ABOUT_EMPTY);
  const [website, setWebsite] = useState('');
  const send = useSendContactMessage();
  const toast = useToast();
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate(
      { ...form, subject: ABOUT_SUBJECT, website },
      {
        onSuccess: () => {
          setForm(ABOUT_EMPTY);
          toast({ title: 'Message sent!', description: "We'll get back to you as soon as possible." });
        },
        onError: (err) => toast({ title: 'Error', description: contactErrorMessage(err), variant: 'destructive' }),
      },
    );
  };
  const field = (name: keyof typeof ABOUT_EMPTY) => ({
    id: `about-${name}`,
    name,
    required: true,
    value: form[name],
    disabled: send.isPending,
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });
  return (
    <form onSubmit={handleSubmit} aria-label="Message form">
      <label htmlFor="about-name">Name</label>
      <Input {...field('name')} autoComplete="name" />
      <label htmlFor="about-email">Email</label>
      <Input {...field('email')} type="email" autoComplete="email" />
      <label htmlFor="about-message">Message</label>
      <TextArea {...field('message')} />
      <Honeypot id="about-website" value={website} onChange={setWebsite} />
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}

const Section = styled.section`
  margin: 2.5rem 0;
  p {
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-top: 1rem;
`;
const Pad = styled.div`
  padding: 1.25rem;
  svg {
    color: ${(p) => p.theme.colors.primary};
  }
  h3 {
    margin: 0.5rem 0;
  }
  p {
    margin: 0;
  }
`;
const Person = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  div {
    width: 5rem;
    height: 5rem;
    border-radius: 50%;
    background: ${(p) => p.theme.colors.surfaceAlt};
    color: ${(p) => p.theme.colors.primary};
    display: grid;
    place-items: center;
    font-weight: 800;
    font-size: 1.4rem;
    margin-bottom: 0.5rem;
  }
  span {
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Touch = styled.div`
  display: grid;
  gap: 2rem;
  @media (min-width: 768px) {
    grid-template-columns: 1fr 1fr;
  }
  form {
    position: relative;
    display: grid;
    gap: 0.4rem;
  }
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
  button {
    margin-top: 0.75rem;
  }
`;
