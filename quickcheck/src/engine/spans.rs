//! Spans: which run of choices each draw made.
//!
//! Every draw of a generator opens a span over the choices it makes, labelled
//! with the generator's kind, so the shrinker can delete a list element, zero a
//! field or swap two siblings without knowing what the values are. The table
//! is struct-of-arrays and keeps its capacity between test cases, so recording
//! a span allocates nothing once the buffers have grown.

/// The label of the span around one element of a collection: its "go on"
/// choice, when it has one, and the element's own draw. Collections open
/// these spans and the shrinker looks for them.
pub(crate) const ELEMENT: &str = "collection element";

/// A span's position in a [`Spans`] table.
pub(crate) type SpanId = u32;

/// Marks "no parent" and "not yet closed".
const NONE: u32 = u32::MAX;

/// The spans of one test case, in the order they were opened.
#[derive(Clone, Debug, Default)]
pub(crate) struct Spans {
    starts: Vec<u32>,
    ends: Vec<u32>,
    labels: Vec<&'static str>,
    parents: Vec<u32>,
    discarded: Vec<bool>,
    open: Vec<SpanId>,
}

impl Spans {
    /// Forgets every span, keeping the buffers.
    pub(crate) fn clear(&mut self) {
        self.starts.clear();
        self.ends.clear();
        self.labels.clear();
        self.parents.clear();
        self.discarded.clear();
        self.open.clear();
    }

    /// Opens a span that starts at choice `at`, nested in the innermost open one.
    pub(crate) fn open(&mut self, label: &'static str, at: usize) -> SpanId {
        let id = self.starts.len() as SpanId;
        self.starts.push(at as u32);
        self.ends.push(NONE);
        self.labels.push(label);
        self.parents.push(self.open.last().copied().unwrap_or(NONE));
        self.discarded.push(false);
        self.open.push(id);
        id
    }

    /// Closes the innermost open span at choice `at`.
    pub(crate) fn close(&mut self, at: usize) {
        if let Some(id) = self.open.pop() {
            self.ends[id as usize] = at as u32;
        }
    }

    /// Marks a span as a rejected attempt (a filter's or a set's skipped draw).
    pub(crate) fn discard(&mut self, id: SpanId) {
        self.discarded[id as usize] = true;
    }

    /// Copies another table into this one, reusing this one's buffers.
    pub(crate) fn copy_from(&mut self, other: &Spans) {
        self.starts.clone_from(&other.starts);
        self.ends.clone_from(&other.ends);
        self.labels.clone_from(&other.labels);
        self.parents.clone_from(&other.parents);
        self.discarded.clone_from(&other.discarded);
        self.open.clear();
    }

    /// Whether every span opened was closed again: the draw that recorded
    /// them finished rather than stopping part-way.
    pub(crate) fn is_complete(&self) -> bool {
        self.open.is_empty()
    }

    /// How many spans were recorded.
    pub(crate) fn len(&self) -> usize {
        self.starts.len()
    }

    /// The choices span `id` covers, as a half-open range.
    pub(crate) fn range(&self, id: usize) -> std::ops::Range<usize> {
        self.starts[id] as usize..self.ends[id] as usize
    }

    /// The label span `id` was opened with.
    pub(crate) fn label(&self, id: usize) -> &'static str {
        self.labels[id]
    }

    /// Whether span `id` was opened with `label`. Labels are static strings,
    /// so the same label is nearly always the same pointer, which is checked
    /// before the text.
    #[inline]
    pub(crate) fn has_label(&self, id: usize, label: &str) -> bool {
        let own = self.labels[id];
        std::ptr::eq(own, label) || own == label
    }

    /// The span `id` is nested in, if any.
    pub(crate) fn parent(&self, id: usize) -> Option<usize> {
        let parent = self.parents[id];
        (parent != NONE).then_some(parent as usize)
    }

    /// Whether span `id` was a rejected attempt.
    pub(crate) fn is_discarded(&self, id: usize) -> bool {
        self.discarded[id]
    }

    /// The spans directly nested in `id`, in order.
    pub(crate) fn children(&self, id: usize) -> impl Iterator<Item = usize> + '_ {
        self.descendants(id).filter(move |&child| self.parents[child] as usize == id)
    }

    /// The spans nested at any depth in `id`. Spans are recorded in pre-order,
    /// so they are exactly the run of spans after `id` that lie within it.
    pub(crate) fn descendants(&self, id: usize) -> impl Iterator<Item = usize> + '_ {
        (id + 1..self.len()).take_while(move |&other| self.is_within(other, id))
    }

    fn is_within(&self, mut span: usize, ancestor: usize) -> bool {
        while let Some(parent) = self.parent(span) {
            if parent == ancestor {
                return true;
            }
            if parent < ancestor {
                return false;
            }
            span = parent;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting_is_recorded() {
        let mut spans = Spans::default();
        let outer = spans.open("list", 0);
        spans.open("element", 0);
        spans.close(2);
        let second = spans.open("element", 2);
        spans.open("integer", 3);
        spans.close(4);
        spans.close(4);
        spans.close(5);
        assert_eq!(spans.range(outer as usize), 0..5);
        assert_eq!(spans.children(0).collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!(spans.descendants(0).collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_eq!(spans.parent(3), Some(second as usize));
        assert_eq!(spans.label(3), "integer");
    }
}
