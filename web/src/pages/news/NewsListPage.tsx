import { Container, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';

export default function NewsListPage() {
  return (
    <Container>
      <Seo title="NewsListPage" />
      <PageHeading>NewsListPage</PageHeading>
    </Container>
  );
}
