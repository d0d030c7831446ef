use quickcheck::property;

#[property(runs)]
fn an_option_without_a_value(byte: u8) -> bool {
    byte <= 255
}

#[property(seed(7))]
fn an_option_called_as_a_function(byte: u8) -> bool {
    byte <= 255
}

#[property(name = "")]
fn an_empty_name(byte: u8) -> bool {
    byte <= 255
}

#[property(name = "  ")]
fn a_blank_name(byte: u8) -> bool {
    byte <= 255
}

#[property]
fn an_unnamed_parameter(_: u8) -> bool {
    true
}

#[property]
#[generator(generate::between(0, 9))]
fn a_generator_on_the_function(digit: u8) -> bool {
    digit < 10
}

fn main() {}
