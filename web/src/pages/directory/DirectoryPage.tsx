import { Container, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';

export default function DirectoryPage() {
  return (
    <Container>
      <Seo title="DirectoryPage" />
      <PageHeading>DirectoryPage</PageHeading>
    </Container>
  );
}
