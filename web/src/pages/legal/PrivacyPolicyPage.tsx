import { Container, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';

export default function PrivacyPolicyPage() {
  return (
    <Container>
      <Seo title="PrivacyPolicyPage" />
      <PageHeading>PrivacyPolicyPage</PageHeading>
    </Container>
  );
}
