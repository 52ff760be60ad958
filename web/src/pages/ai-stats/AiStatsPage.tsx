import { Container, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';

export default function AiStatsPage() {
  return (
    <Container>
      <Seo title="AiStatsPage" />
      <PageHeading>AiStatsPage</PageHeading>
    </Container>
  );
}
