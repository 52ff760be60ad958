import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import styled from 'styled-components';
import { PartyPopper } from 'lucide-react';
import {
  STATIC_PAGES,
  TOOL_CATEGORIES,
  slugify,
  toolSubmissionPayload,
  validateToolSubmissionForm,
  type ToolSubmissionErrors,
  type ToolSubmissionField,
  type ToolSubmissionForm,
  type ToolSubmissionPayload,
} from '@neuralbeat/common/contracts/browser';
import type { Tool } from '@neuralbeat/common/contracts';
import { ApiError, apiPost } from '../../api/client';
import { useToast } from '../../components/toast/ToastProvider';
import { Seo } from '../../seo/Seo';
import { Button, Container, Input, Muted, PageHeading, TextArea } from '../../components/ui';

const EMPTY: ToolSubmissionForm = {
  name: '',
  slug: '',
  description: '',
  shortDescription: '',
  websiteUrl: '',
  logoUrl: '',
  category: '',
  tags: '',
  features: '',
  pricing: '',
};
type Form = ToolSubmissionForm;
type Field = ToolSubmissionField;
type Errors = ToolSubmissionErrors;

/** A server error naming a field of the form, if the body is our error envelope. */
function fieldError(err: unknown): { field: Field; message: string } | null {
  const env = err instanceof ApiError ? err.envelope : null;
  return env?.field && env.field in EMPTY ? { field: env.field as Field, message: env.message } : null;
}

export default function SubmitToolPage() {
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState<Tool | null>(null);
  const toast = useToast();
  const submit = useMutation({
    mutationFn: (body: ToolSubmissionPayload) => apiPost<{ message: string; tool: Tool }>('/api/tools/submit', body),
    onSuccess: (res) => setSubmitted(res.tool),
    onError: (err: Error) => {
      const named = fieldError(err);
      if (named) {
        setErrors({ [named.field]: named.message });
        document.getElementById(`tool-${named.field}`)?.focus();
        return;
      }
      toast({ title: 'Error', description: err.message || 'Failed to submit tool. Please try again.', variant: 'destructive' });
    },
  });

  const set = (field: Field) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateToolSubmissionForm(form);
    setErrors(found);
    const first = Object.keys(EMPTY).find((k) => found[k as Field]);
    if (first) {
      document.getElementById(`tool-${first}`)?.focus();
      return;
    }
    submit.mutate(toolSubmissionPayload(form));
  };
  const reset = () => {
    setForm(EMPTY);
    setErrors({});
    setSubmitted(null);
    submit.reset();
  };
  const meta = STATIC_PAGES['/submit-tool'];

  if (submitted) {
    return (
      <Narrow>
        <Seo title={meta.title} description={meta.description} path="/submit-tool" />
        <ThankYou role="status">
          <PartyPopper aria-hidden="true" size={48} strokeWidth={1.5} />
          <h1>Thank you for your submission!</h1>
          <p>
            <strong>{submitted.name}</strong> is now pending review. Our team reviews submissions within 2-3 business days; once approved it
            will appear in the directory.
          </p>
          <Summary aria-label="What you submitted">
            <dt>Category</dt>
            <dd>{submitted.category}</dd>
            {submitted.tags.length > 0 && (
              <>
                <dt>Tags</dt>
                <dd>{submitted.tags.join(', ')}</dd>
              </>
            )}
            {submitted.features.length > 0 && (
              <>
                <dt>Key features</dt>
                <dd>{submitted.features.join(', ')}</dd>
              </>
            )}
          </Summary>
          <Actions>
            <Button as={Link} to="/directory">
              Explore AI Tools
            </Button>
            <Button type="button" $variant="outline" onClick={reset}>
              Submit Another Tool
            </Button>
          </Actions>
        </ThankYou>
      </Narrow>
    );
  }

  const field = (name: Field, label: string, input: React.ReactNode, hint?: string) => (
    <Row>
      <label htmlFor={`tool-${name}`}>{label}</label>
      {input}
      {hint && !errors[name] && <Hint id={`tool-${name}-hint`}>{hint}</Hint>}
      {errors[name] && (
        <ErrorText id={`tool-${name}-error`} role="alert">
          {errors[name]}
        </ErrorText>
      )}
    </Row>
  );
  const aria = (name: Field, hasHint = false) => ({
    id: `tool-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `tool-${name}-error` : hasHint ? `tool-${name}-hint` : undefined,
    value: form[name],
    onChange: set(name),
  });
  const derived = slugify(form.name);

  return (
    <Narrow>
      <Seo title={meta.title} description={meta.description} path="/submit-tool" />
      <PageHeading>Submit Your AI Tool</PageHeading>
      <Muted>Share an AI tool with our community. Every submission is reviewed by our team within 2-3 business days.</Muted>
      <FormBox onSubmit={handleSubmit} noValidate>
        {field('name', 'Tool name *', <Input {...aria('name')} autoComplete="off" />)}
        {field(
          'slug',
          'Slug (optional)',
          <Input {...aria('slug', true)} placeholder={derived || 'my-tool'} />,
          `Leave blank to use "${derived || 'generated-from-name'}". Lowercase letters, numbers and hyphens.`,
        )}
        {field(
          'shortDescription',
          'Short description *',
          <Input {...aria('shortDescription', true)} />,
          '10 to 99 characters, shown on cards.',
        )}
        {field('description', 'Description *', <TextArea {...aria('description')} rows={5} />)}
        {field('websiteUrl', 'Website URL *', <Input {...aria('websiteUrl')} type="url" placeholder="https://" />)}
        {field('logoUrl', 'Logo URL (optional)', <Input {...aria('logoUrl')} type="url" placeholder="https://" />)}
        {field(
          'category',
          'Category *',
          <Select {...aria('category')}>
            <option value="">Select a category</option>
            {TOOL_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>,
        )}
        {field('tags', 'Tags (optional)', <Input {...aria('tags', true)} placeholder="writing, seo, marketing" />, 'Comma separated.')}
        {field(
          'features',
          'Key features (optional)',
          <Input {...aria('features', true)} placeholder="Templates, Team workspaces" />,
          'Comma separated.',
        )}
        {field('pricing', 'Pricing (optional)', <Input {...aria('pricing')} placeholder="Free, Freemium, Paid..." />)}
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? 'Submitting...' : 'Submit Tool'}
        </Button>
      </FormBox>
    </Narrow>
  );
}

const Narrow = styled(Container)`
  max-width: 720px;
`;
const FormBox = styled.form`
  display: grid;
  gap: 1.1rem;
  margin: 2rem 0;
`;
const Row = styled.div`
  display: grid;
  gap: 0.35rem;
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
  [aria-invalid='true'] {
    border-color: ${(p) => p.theme.colors.danger};
  }
`;
const Select = styled.select`
  height: 2.5rem;
  padding: 0 0.75rem;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.md};
  font: inherit;
  background: ${(p) => p.theme.colors.bg};
`;
const Hint = styled.small`
  color: ${(p) => p.theme.colors.muted};
`;
const ErrorText = styled.small`
  color: ${(p) => p.theme.colors.danger};
  font-weight: 500;
`;
const ThankYou = styled.section`
  text-align: center;
  padding: 4rem 0;
  svg {
    color: ${(p) => p.theme.colors.primary};
  }
`;
const Summary = styled.dl`
  display: inline-grid;
  grid-template-columns: auto auto;
  gap: 0.25rem 1rem;
  text-align: left;
  margin: 0.5rem auto 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Actions = styled.div`
  display: flex;
  gap: 0.75rem;
  justify-content: center;
  flex-wrap: wrap;
  margin-top: 1.5rem;
`;
