import { Container, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';

export default function TermsOfServicePage() {
  return (
    <Container>
      <Seo title="TermsOfServicePage" />
      <PageHeading>TermsOfServicePage</PageHeading>
    </Container>
  );
}
