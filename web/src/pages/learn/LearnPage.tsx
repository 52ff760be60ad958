import { Container, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';

export default function LearnPage() {
  return (
    <Container>
      <Seo title="LearnPage" />
      <PageHeading>LearnPage</PageHeading>
    </Container>
  );
}
