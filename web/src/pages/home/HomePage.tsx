import { Container, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';

export default function HomePage() {
  return (
    <Container>
      <Seo title="HomePage" />
      <PageHeading>HomePage</PageHeading>
    </Container>
  );
}
