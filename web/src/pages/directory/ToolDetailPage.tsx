import { Container, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';

export default function ToolDetailPage() {
  return (
    <Container>
      <Seo title="ToolDetailPage" />
      <PageHeading>ToolDetailPage</PageHeading>
    </Container>
  );
}
