import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { STATIC_PAGES } from '@neuralbeat/common/contracts/browser';
import { Seo } from '../../seo/Seo';
import { siteConfig } from '../../app/siteConfig';
import { useToast } from '../../components/toast/ToastProvider';
import { Button, Card, Container, Input, Muted, PageHeading, TextArea } from '../../components/ui';
import { Honeypot } from '../../components/contact/Honeypot';
import { contactErrorMessage, useSendContactMessage } from '../../components/contact/contactApi';

const EMPTY = { name: '', email: '', subject: '', message: '' };

/**
 * The contact form sends for real: the
 * message is mailed to the team and kept in the operators' inbox. Same states
 * and toasts as the original; a failure keeps what was typed.
 */
export default function ContactPage() {
  const [form, setForm] = useState(EMPTY);
  const [website, setWebsite] = useState('');
  const send = useSendContactMessage();
  const state = send.isPending ? 'sending' : send.isSuccess ? 'sent' : 'idle';
  const toast = useToast();

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate(
      { ...form, website },
      {
        onSuccess: () => {
          setForm(EMPTY);
          toast({ title: 'Message sent!', description: "We'll get back to you as soon as possible." });
        },
        onError: (err) => toast({ title: 'Error', description: contactErrorMessage(err), variant: 'destructive' }),
      },
    );
  };
  const meta = STATIC_PAGES['/contact'];
  const input = (name: keyof typeof EMPTY) => ({
    id: `contact-${name}`,
    name,
    required: true,
    value: form[name],
    disabled: state === 'sending',
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  return (
    <Container>
      <Seo title={meta.title} description={meta.description} path="/contact" />
      <PageHeading>Contact Us</PageHeading>
      <Muted>Questions, corrections, partnership ideas? We'd love to hear from you.</Muted>
      <Layout>
        <Details aria-label="Contact details">
          <p>
            <strong>Email</strong>
            <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>
          </p>
          <p>
            <strong>Office</strong>San Francisco, CA
          </p>
          <p>
            <strong>Hours</strong>Monday - Friday: 9am - 5pm PST
          </p>
        </Details>
        {state === 'sent' ? (
          <Card role="status">
            <Done>
              <h2>Message Sent!</h2>
              <p>Thank you for reaching out. Our team typically responds within 24-48 business hours.</p>
              <Button type="button" onClick={() => send.reset()}>
                Send Another Message
              </Button>
            </Done>
          </Card>
        ) : (
          <Form onSubmit={handleSubmit}>
            <label htmlFor="contact-name">Name</label>
            <Input {...input('name')} autoComplete="name" />
            <label htmlFor="contact-email">Email</label>
            <Input {...input('email')} type="email" autoComplete="email" />
            <label htmlFor="contact-subject">Subject</label>
            <Input {...input('subject')} />
            <label htmlFor="contact-message">Message</label>
            <TextArea {...input('message')} rows={6} />
            <Honeypot id="contact-website" value={website} onChange={setWebsite} />
            <small>
              By sending this message you agree to our <Link to="/privacy-policy">Privacy Policy</Link>.
            </small>
            <Button type="submit" disabled={state === 'sending'}>
              {state === 'sending' ? 'Sending...' : 'Send Message'}
            </Button>
          </Form>
        )}
      </Layout>
    </Container>
  );
}

const Layout = styled.div`
  display: grid;
  gap: 2rem;
  margin: 2rem 0;
  @media (min-width: 768px) {
    grid-template-columns: 1fr 2fr;
  }
`;
const Details = styled.aside`
  p {
    display: flex;
    flex-direction: column;
    margin: 0 0 1rem;
  }
`;
const Form = styled.form`
  position: relative;
  display: grid;
  gap: 0.4rem;
  label {
    font-weight: 600;
    font-size: 0.9rem;
    margin-top: 0.5rem;
  }
  small {
    color: ${(p) => p.theme.colors.muted};
    margin: 0.5rem 0;
  }
`;
const Done = styled.div`
  padding: 2rem;
  text-align: center;
`;
