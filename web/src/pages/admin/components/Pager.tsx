import styled from 'styled-components';
import { Button } from '../../../components/ui';

/** "Showing X to Y of Z" with Previous and Next, for lists read a page at a time. */
export function Pager({
  offset,
  pageSize,
  total,
  noun,
  onChange,
}: {
  offset: number;
  pageSize: number;
  total: number;
  noun: string;
  onChange: (offset: number) => void;
}) {
  if (total === 0) return null;
  return (
    <Row>
      <span>
        Showing {offset + 1} to {Math.min(offset + pageSize, total)} of {total} {noun}
      </span>
      <div>
        <Button type="button" $variant="outline" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - pageSize))}>
          Previous
        </Button>
        <Button type="button" $variant="outline" disabled={offset + pageSize >= total} onClick={() => onChange(offset + pageSize)}>
          Next
        </Button>
      </div>
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 0.75rem;
  margin-top: 1rem;
  font-size: 0.9rem;
  div {
    display: flex;
    gap: 0.5rem;
  }
`;
