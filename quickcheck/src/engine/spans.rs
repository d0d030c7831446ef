//! Spans: which run of choices each draw made.
//!
//! Every draw of a generator opens a span over the choices it makes, labelled
//! with the generator's kind, so the shrinker can delete a list element, zero a
//! field or swap two siblings without knowing what the values are. The table
//! keeps its capacity between test cases, so recording a span allocates
//! nothing once the buffers have grown.

/// The label of the span around one element of a collection: its "go on"
/// choice, when it has one, and the element's own draw. Collections open
/// these spans and the shrinker looks for them.
pub(crate) const ELEMENT: &str = "collection element";

/// A span's position in a [`Spans`] table.
pub(crate) type SpanId = u32;

/// Marks "no parent" and "not yet closed".
const NONE: u32 = u32::MAX;

/// One recorded span.
#[derive(Clone, Copy, Debug)]
struct Span {
    start: u32,
    end: u32,
    parent: u32,
    discarded: bool,
    first: FirstChoice,
    label: &'static str,
}

/// What a span's first choice decides, where the shrinker treats it apart
/// from other choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FirstChoice {
    /// Nothing special: part of the span's value.
    Value,
    /// An element span's "go on or stop" choice (an element below its
    /// collection's minimum length has none).
    GoesOn,
    /// Which of several alternatives (a `one_of` branch, an enum variant)
    /// the rest of the span draws.
    Alternative,
}

/// The spans of one test case, in the order they were opened.
///
/// One record per span, so opening a span is a single push; the open spans
/// are the chain of parents from the innermost one, so closing one is a
/// single write. The table keeps its capacity between test cases.
#[derive(Clone, Debug)]
pub(crate) struct Spans {
    spans: Vec<Span>,
    /// The innermost open span, or [`NONE`].
    innermost: SpanId,
}

impl Default for Spans {
    fn default() -> Spans {
        Spans { spans: Vec::new(), innermost: NONE }
    }
}

impl Spans {
    /// Forgets every span, keeping the buffers.
    pub(crate) fn clear(&mut self) {
        self.spans.clear();
        self.innermost = NONE;
    }

    /// Opens a span that starts at choice `at`, nested in the innermost open one.
    #[inline]
    pub(crate) fn open(&mut self, label: &'static str, at: usize) -> SpanId {
        let id = self.spans.len() as SpanId;
        let parent = self.innermost;
        self.spans.push(Span {
            start: at as u32,
            end: NONE,
            parent,
            discarded: false,
            first: FirstChoice::Value,
            label,
        });
        self.innermost = id;
        id
    }

    /// Closes the innermost open span at choice `at`.
    #[inline]
    pub(crate) fn close(&mut self, at: usize) {
        if let Some(span) = self.spans.get_mut(self.innermost as usize) {
            span.end = at as u32;
            self.innermost = span.parent;
        }
    }

    /// Closes every open span at choice `at`: the end of a draw that
    /// stopped part-way, so that what it drew up to there is spans the
    /// shrinker can edit.
    pub(crate) fn close_all(&mut self, at: usize) {
        while !self.is_complete() {
            self.close(at);
        }
    }

    /// Marks a span as a rejected attempt (a filter's or a set's skipped draw).
    pub(crate) fn discard(&mut self, id: SpanId) {
        self.spans[id as usize].discarded = true;
    }

    /// Marks an element span as starting with its collection's "go on or
    /// stop" choice.
    pub(crate) fn mark_goes_on_first(&mut self, id: SpanId) {
        self.spans[id as usize].first = FirstChoice::GoesOn;
    }

    /// Marks the innermost open span as starting with a choice between
    /// alternatives, if choice `at`, about to be made, is its first. That
    /// is the span the choosing generator was drawn in: its own, or that of
    /// a wrapper (`map`, a filter's attempt) that calls it directly. Where
    /// that span goes on to draw more after the alternative (a hand-written
    /// generator calling `generate` on several others), a switch redraws
    /// all of it.
    pub(crate) fn mark_alternative_first(&mut self, at: usize) {
        if let Some(span) = self.spans.get_mut(self.innermost as usize)
            && span.start as usize == at
        {
            span.first = FirstChoice::Alternative;
        }
    }

    /// Copies another table into this one, reusing this one's buffers.
    pub(crate) fn copy_from(&mut self, other: &Spans) {
        self.spans.clone_from(&other.spans);
        self.innermost = other.innermost;
    }

    /// Whether every span opened was closed again: the draw that recorded
    /// them finished rather than stopping part-way.
    pub(crate) fn is_complete(&self) -> bool {
        self.innermost == NONE
    }

    /// How many spans were recorded.
    pub(crate) fn len(&self) -> usize {
        self.spans.len()
    }

    /// The choices span `id` covers, as a half-open range.
    pub(crate) fn range(&self, id: usize) -> std::ops::Range<usize> {
        let span = &self.spans[id];
        span.start as usize..span.end as usize
    }

    /// The label span `id` was opened with.
    pub(crate) fn label(&self, id: usize) -> &'static str {
        self.spans[id].label
    }

    /// Whether span `id` was opened with `label`. Labels are static strings,
    /// so the same label is nearly always the same pointer, which is checked
    /// before the text.
    #[inline]
    pub(crate) fn has_label(&self, id: usize, label: &str) -> bool {
        let own = self.spans[id].label;
        std::ptr::eq(own, label) || own == label
    }

    /// The span `id` is nested in, if any.
    pub(crate) fn parent(&self, id: usize) -> Option<usize> {
        let parent = self.spans[id].parent;
        (parent != NONE).then_some(parent as usize)
    }

    /// Whether span `id` was a rejected attempt.
    pub(crate) fn is_discarded(&self, id: usize) -> bool {
        self.spans[id].discarded
    }

    /// Whether span `id` is an element that starts with its collection's
    /// "go on or stop" choice.
    pub(crate) fn goes_on_first(&self, id: usize) -> bool {
        self.spans[id].first == FirstChoice::GoesOn
    }

    /// Whether span `id` starts with a choice between alternatives, which
    /// the rest of it is drawn from.
    pub(crate) fn chooses_alternative_first(&self, id: usize) -> bool {
        self.spans[id].first == FirstChoice::Alternative
    }

    /// The spans directly nested in `id`, in order.
    pub(crate) fn children(&self, id: usize) -> impl Iterator<Item = usize> + '_ {
        self.descendants(id).filter(move |&child| self.spans[child].parent as usize == id)
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
        assert!(spans.is_complete());
        let outer = spans.open("list", 0);
        spans.open("element", 0);
        spans.close(2);
        let second = spans.open("element", 2);
        spans.open("integer", 3);
        spans.close(4);
        spans.close(4);
        assert!(!spans.is_complete(), "the list is still open");
        spans.close(5);
        assert!(spans.is_complete());
        assert_eq!(spans.range(outer as usize), 0..5);
        assert_eq!(spans.children(0).collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!(spans.descendants(0).collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_eq!(spans.parent(3), Some(second as usize));
        assert_eq!(spans.label(3), "integer");
    }
}
